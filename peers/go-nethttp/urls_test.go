package main

import (
	"testing"

	"github.com/redis/go-redis/v9"
)

// The runner hands out URLs with generated passwords, and for an external PostgreSQL libpq's
// options=-c search_path=fairbench (README, Services): both clients must take them as they are.
func TestURLsWithPasswordsAndSearchPath(t *testing.T) {
	pool, err := newPool("postgresql://fairbench_app:0123abcd@127.0.0.1:15432/fairbench?options=-c%20search_path%3Dfairbench", 4, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	cc := pool.Config().ConnConfig
	if cc.User != "fairbench_app" || cc.Password != "0123abcd" || cc.Database != "fairbench" {
		t.Fatalf("user %q password %q database %q", cc.User, cc.Password, cc.Database)
	}
	if got := cc.RuntimeParams["options"]; got != "-c search_path=fairbench" {
		t.Fatalf("options startup parameter %q", got)
	}

	opts, err := redis.ParseURL("redis://:89abcdef@127.0.0.1:16379")
	if err != nil {
		t.Fatal(err)
	}
	if opts.Password != "89abcdef" || opts.Username != "" || opts.Addr != "127.0.0.1:16379" {
		t.Fatalf("redis password %q username %q addr %q", opts.Password, opts.Username, opts.Addr)
	}
}

// HOST is the one address to listen on: an IP literal, 127.0.0.1 when unset, never a name.
func TestListenAddr(t *testing.T) {
	for host, want := range map[string]string{"": "127.0.0.1:8080", "10.77.0.2": "10.77.0.2:8080", "::1": "[::1]:8080"} {
		if got, err := listenAddr(host, "8080"); err != nil || got != want {
			t.Errorf("listenAddr(%q) = %q, %v; want %q", host, got, err, want)
		}
	}
	for _, bad := range []string{"localhost", "256.0.0.1", "[::1]"} {
		if _, err := listenAddr(bad, "8080"); err == nil {
			t.Errorf("listenAddr(%q) accepted a value that is not an IP literal", bad)
		}
	}
}

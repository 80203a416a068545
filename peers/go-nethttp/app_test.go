package main

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/redis/go-redis/v9"
)

func TestValidSlug(t *testing.T) {
	for s, want := range map[string]bool{
		"response-lock-slow-4": true, "a": true, "0-9": true,
		"": false, "A": false, "a_b": false, "a/b": false, "a b": false, "a\x00": false, "x'--": false,
		"é": false, string(make([]byte, 201)): false,
	} {
		if got := validSlug(s); got != want {
			t.Errorf("validSlug(%q) = %v", s, got)
		}
	}
}

type exchange struct {
	method, path string
	body         []byte
	status       int
	contentType  string
	want         string
}

func check(t *testing.T, srv *httptest.Server, c exchange) {
	t.Helper()
	var body io.Reader
	if c.body != nil {
		body = bytes.NewReader(c.body)
	}
	req, err := http.NewRequest(c.method, srv.URL+c.path, body)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", c.method, c.path, err)
	}
	got, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != c.status || resp.Header.Get("Content-Type") != c.contentType || string(got) != c.want {
		t.Errorf("%s %s: %d %q %q, want %d %q %q", c.method, c.path, resp.StatusCode,
			resp.Header.Get("Content-Type"), got, c.status, c.contentType, c.want)
	}
	if resp.ContentLength != int64(len(got)) {
		t.Errorf("%s %s: Content-Length %d for %d bytes", c.method, c.path, resp.ContentLength, len(got))
	}
}

// Routes and bad input that never reach PostgreSQL or Redis (the app has neither here).
func TestRoutingWithoutServices(t *testing.T) {
	srv := httptest.NewServer(newApp(nil, nil))
	defer srv.Close()
	const notFound, notAllowed = "Not Found", "Method Not Allowed"
	cases := []exchange{
		{"GET", "/hello", nil, 200, contentText, "Hello, World!"},
		{"GET", "/hello?x=1", nil, 200, contentText, "Hello, World!"},
		{"GET", "/compute", nil, 200, contentText, "21171191"},
		{"POST", "/", []byte{}, 405, contentText, notAllowed},
		{"POST", "/hello", []byte{}, 405, contentText, notAllowed},
		{"GET", "/phash", nil, 405, contentText, notAllowed},
		{"DELETE", "/post/some-post", nil, 405, contentText, notAllowed},
		{"OPTIONS", "/hello", nil, 405, contentText, notAllowed},
		{"POST", "/phash", make([]byte, 100), 400, contentJSON, `{"error":"body must be exactly 4096 bytes"}`},
		{"POST", "/phash", []byte{}, 400, contentJSON, `{"error":"body must be exactly 4096 bytes"}`},
		{"POST", "/phash", make([]byte, 65536), 400, contentJSON, `{"error":"body must be exactly 4096 bytes"}`},
		{"POST", "/phash", make([]byte, 70000), 413, contentJSON, `{"error":"body larger than 65536 bytes"}`},
	}
	for _, path := range []string{"/nothing-here", "/post/", "/tag/", "/post/a/", "/post/a/extra", "/post/a/cached/",
		"/post//cached", "/tag/a/", "/tag/a/cached", "/post/%00", "/post/a%00", "/post/x'%20OR%20'1'='1",
		"/tag/x';DROP%20TABLE%20tags;--", "/post/..%2F..%2Fetc%2Fpasswd", "/post/../hello", "/Post/a", "/post/A",
		"/cached/", "/hello/", "//hello", "/index.html", "/post/a%2Fcached", "/tag/a%2Fb"} {
		cases = append(cases, exchange{"GET", path, nil, 404, contentText, notFound})
	}
	for _, c := range cases {
		check(t, srv, c)
	}
}

// PostgreSQL and Redis that refuse connections give 503 on every route that needs them.
func TestUnreachableServicesGive503(t *testing.T) {
	pool, err := newPool("postgresql://fairbench@127.0.0.1:1/fairbench?connect_timeout=2", 2, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	rdb := redis.NewClient(&redis.Options{Addr: "127.0.0.1:1", MaxRetries: -1})
	defer rdb.Close()
	srv := httptest.NewServer(newApp(pool, rdb))
	defer srv.Close()
	for _, path := range []string{"/", "/cached", "/post/some-post", "/post/some-post/cached", "/tag/go"} {
		check(t, srv, exchange{"GET", path, nil, 503, contentText, "Service Unavailable"})
	}
	check(t, srv, exchange{"GET", "/hello", nil, 200, contentText, "Hello, World!"})
}

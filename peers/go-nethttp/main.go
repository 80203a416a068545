// Command go-nethttp is the fairbench app on Go's net/http, pgx v5 and go-redis v9
// (contract: docs/workload.md).
package main

import (
	"context"
	"fmt"
	"log"
	"net"
	"net/http"
	"net/netip"
	"os"
	"runtime"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"
)

func main() {
	if err := run(); err != nil {
		log.Fatal(err)
	}
}

func run() error {
	port, err := env("PORT")
	if err != nil {
		return err
	}
	addr, err := listenAddr(os.Getenv("HOST"), port)
	if err != nil {
		return err
	}
	dbURL, err := env("DATABASE_URL")
	if err != nil {
		return err
	}
	redisURL, err := env("REDIS_URL")
	if err != nil {
		return err
	}
	poolMax, err := envInt("POOL_MAX", 1)
	if err != nil {
		return err
	}
	poolMin, err := envInt("POOL_MIN", 0)
	if err != nil {
		return err
	}
	workers, err := envInt("WORKERS", 1)
	if err != nil {
		return err
	}
	if os.Getenv("GOMAXPROCS") == "" {
		runtime.GOMAXPROCS(workers)
	}

	pool, err := newPool(dbURL, poolMax, poolMin)
	if err != nil {
		return err
	}
	defer pool.Close()
	opts, err := redis.ParseURL(redisURL)
	if err != nil {
		return fmt.Errorf("REDIS_URL: %w", err)
	}
	// Bound every Redis call by the request's deadline (serviceTimeout), the connection handshake
	// (dial and AUTH) included: a hung Redis must yield a 503 in time.
	opts.ContextTimeoutEnabled = true
	opts.DialTimeout = serviceTimeout / 2
	rdb := redis.NewClient(opts)
	defer rdb.Close()

	srv := &http.Server{
		Addr:    addr,
		Handler: newApp(pool, rdb),
		// Contract §5.1: a request head that stalls for 2 s is closed, and a head over 16 KiB is
		// refused with 431 (net/http allows 4 KiB of slack on top of MaxHeaderBytes). No ReadTimeout:
		// its deadline would also cancel the context of a request waiting on a hung service; the
		// /phash body gets its own deadline instead.
		ReadHeaderTimeout: stallTimeout,
		MaxHeaderBytes:    16 * 1024,
		IdleTimeout:       2 * time.Minute,
	}
	log.Printf("go-nethttp listening on %s (GOMAXPROCS=%d, pool %d..%d)", srv.Addr, runtime.GOMAXPROCS(0), poolMin, poolMax)
	return srv.ListenAndServe()
}

// listenAddr is HOST:PORT, the one address the app listens on (contract §1): HOST is an IP
// literal, 127.0.0.1 when unset.
func listenAddr(host, port string) (string, error) {
	if host == "" {
		host = "127.0.0.1"
	}
	if _, err := netip.ParseAddr(host); err != nil {
		return "", fmt.Errorf("HOST must be an IP address such as 127.0.0.1, got %q", host)
	}
	return net.JoinHostPort(host, port), nil
}

// newPool connects lazily: the app answers /hello (and 503 on database pages) even while
// PostgreSQL is down, and recovers when it comes back.
func newPool(url string, maxConns, minConns int) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("DATABASE_URL: %w", err)
	}
	cfg.MaxConns = int32(maxConns)
	cfg.MinConns = int32(minConns)
	// pgxpool pings a connection on Acquire when it has been idle for over a second;
	// the contract forbids that round trip. A dead connection fails its query instead
	// (503), and pgxpool drops it on Release.
	cfg.ShouldPing = func(context.Context, pgxpool.ShouldPingParams) bool { return false }
	return pgxpool.NewWithConfig(context.Background(), cfg)
}

func env(name string) (string, error) {
	v := os.Getenv(name)
	if v == "" {
		return "", fmt.Errorf("environment variable %s is not set", name)
	}
	return v, nil
}

func envInt(name string, minimum int) (int, error) {
	v, err := env(name)
	if err != nil {
		return 0, err
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < minimum {
		return 0, fmt.Errorf("%s must be an integer of at least %d, got %q", name, minimum, v)
	}
	return n, nil
}

package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"
)

const (
	contentHTML = "text/html; charset=utf-8"
	contentText = "text/plain; charset=utf-8"
	contentJSON = "application/json"

	cacheTTL     = 60 * time.Second
	maxBodyBytes = 65536
	// serviceTimeout bounds all PostgreSQL and Redis work of one request (pool acquire, queries,
	// cache reads and writes): a hung server yields a 503 within the contract's bound instead of a
	// request blocked forever. pgx and go-redis drop a connection whose call hit the deadline, so
	// no pool slot stays stuck once the server answers again.
	serviceTimeout = 4 * time.Second
	// stallTimeout is the contract's bound (§5.1) on a request head or body that stops coming.
	stallTimeout = 2 * time.Second
)

var (
	bodyHello       = []byte("Hello, World!")
	bodyNotFound    = []byte("Not Found")
	bodyNotAllowed  = []byte("Method Not Allowed")
	bodyUnavailable = []byte("Service Unavailable")
	bodyBadImage    = []byte(`{"error":"body must be exactly 4096 bytes"}`)
	bodyTooLarge    = []byte(`{"error":"body larger than 65536 bytes"}`)
)

// errNotFound means the slug names no post or tag: a 404, never cached.
var errNotFound = errors.New("not found")

// A page renders one uncached HTML page into buf.
type page func(ctx context.Context, buf *bytes.Buffer) error

type app struct {
	pool    *pgxpool.Pool
	rdb     *redis.Client
	buffers sync.Pool
}

func newApp(pool *pgxpool.Pool, rdb *redis.Client) *app {
	return &app{pool: pool, rdb: rdb, buffers: sync.Pool{New: func() any { return new(bytes.Buffer) }}}
}

// ServeHTTP routes by hand rather than with http.ServeMux: the mux answers its own 404/405
// bodies and redirects unclean paths (e.g. /post/..%2F..) with 301, where the contract wants
// exact 404 and 405 bodies. Routing splits the escaped path and decodes each segment on its own,
// so %2F stays inside a slug (/post/x%2Fcached is a 404, contract §5.1) while %61 is an "a";
// %00 or quotes in a slug fail the slug rule.
func (a *app) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	path := r.URL.Path
	if r.URL.RawPath != "" {
		// Go sets RawPath only when decoding lost information, i.e. the path holds %2F.
		path = r.URL.RawPath
	}
	switch path {
	case "/":
		a.get(w, r, a.render(a.index))
		return
	case "/cached":
		a.get(w, r, a.cached(a.index))
		return
	case "/hello":
		a.get(w, r, func(w http.ResponseWriter, r *http.Request) { write(w, http.StatusOK, contentText, bodyHello) })
		return
	case "/compute":
		a.get(w, r, compute)
		return
	case "/phash":
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", http.MethodPost)
			write(w, http.StatusMethodNotAllowed, contentText, bodyNotAllowed)
			return
		}
		phashHandler(w, r)
		return
	}
	if rest, ok := strings.CutPrefix(path, "/post/"); ok {
		slug, cached := strings.CutSuffix(rest, "/cached")
		if slug, err := url.PathUnescape(slug); err == nil && validSlug(slug) {
			p := a.detail(slug)
			if cached {
				a.get(w, r, a.cached(p))
			} else {
				a.get(w, r, a.render(p))
			}
			return
		}
	} else if slug, ok := strings.CutPrefix(path, "/tag/"); ok {
		if slug, err := url.PathUnescape(slug); err == nil && validSlug(slug) {
			a.get(w, r, a.render(a.tag(slug)))
			return
		}
	}
	write(w, http.StatusNotFound, contentText, bodyNotFound)
}

// validSlug is the contract's slug rule, [a-z0-9-]+; anything else is a 404 without a query.
func validSlug(s string) bool {
	if s == "" || len(s) > 200 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// get serves GET and HEAD (net/http drops the body of a HEAD answer and keeps its
// Content-Length, contract §5.1); any other method is a 405.
func (a *app) get(w http.ResponseWriter, r *http.Request, h http.HandlerFunc) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", http.MethodGet)
		write(w, http.StatusMethodNotAllowed, contentText, bodyNotAllowed)
		return
	}
	h(w, r)
}

// render answers an uncached page straight from PostgreSQL.
func (a *app) render(p page) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), serviceTimeout)
		defer cancel()
		buf := a.buffer()
		defer a.buffers.Put(buf)
		if err := p(ctx, buf); err != nil {
			fail(w, err)
			return
		}
		write(w, http.StatusOK, contentHTML, buf.Bytes())
	}
}

// cached answers from the Redis page cache (key page:GET:<path>, raw bytes), rendering
// and storing the page for 60 s on a miss.
func (a *app) cached(p page) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), serviceTimeout)
		defer cancel()
		key := "page:GET:" + r.URL.Path
		body, err := a.rdb.Get(ctx, key).Bytes()
		if err == nil {
			write(w, http.StatusOK, contentHTML, body)
			return
		}
		if err != redis.Nil {
			fail(w, err)
			return
		}
		buf := a.buffer()
		defer a.buffers.Put(buf)
		if err := p(ctx, buf); err != nil {
			fail(w, err)
			return
		}
		if err := a.rdb.Set(ctx, key, buf.Bytes(), cacheTTL).Err(); err != nil {
			fail(w, err)
			return
		}
		write(w, http.StatusOK, contentHTML, buf.Bytes())
	}
}

func (a *app) buffer() *bytes.Buffer {
	buf := a.buffers.Get().(*bytes.Buffer)
	buf.Reset()
	return buf
}

func compute(w http.ResponseWriter, _ *http.Request) {
	write(w, http.StatusOK, contentText, strconv.AppendInt(nil, sumOfPrimesBelow(20000), 10))
}

func phashHandler(w http.ResponseWriter, r *http.Request) {
	if r.ContentLength > maxBodyBytes {
		// Answer on the head alone: a client announcing 10^12 bytes is not waited for (contract
		// §5.1), and net/http sends no 100 Continue since the body is never read.
		write(w, http.StatusRequestEntityTooLarge, contentJSON, bodyTooLarge)
		return
	}
	// Not supported by httptest's recorder; the real server always supports it.
	_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(stallTimeout))
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBodyBytes))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			write(w, http.StatusRequestEntityTooLarge, contentJSON, bodyTooLarge)
			return
		}
		// The client went away or stalled mid-body (the read deadline above).
		write(w, http.StatusBadRequest, contentJSON, bodyBadImage)
		return
	}
	if len(body) != imageBytes {
		write(w, http.StatusBadRequest, contentJSON, bodyBadImage)
		return
	}
	write(w, http.StatusOK, contentJSON, phashJSON(body))
}

// fail answers 404 for an unknown slug and 503 for any PostgreSQL or Redis failure.
func fail(w http.ResponseWriter, err error) {
	if errors.Is(err, errNotFound) {
		write(w, http.StatusNotFound, contentText, bodyNotFound)
		return
	}
	log.Printf("503: %v", err)
	write(w, http.StatusServiceUnavailable, contentText, bodyUnavailable)
}

func write(w http.ResponseWriter, status int, contentType string, body []byte) {
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	w.Write(body)
}

package main

import (
	"bytes"
	"context"
	"embed"
	"errors"
	"html/template"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// The SQL of contract section 4.1.
const (
	sqlLatestPosts = `SELECT p.id, p.slug, p.title, p.published_on, a.name
  FROM posts p JOIN authors a ON a.id = p.author_id
 ORDER BY p.published_on DESC, p.id DESC LIMIT 20`
	sqlTagsOfPosts = `SELECT pt.post_id, t.slug, t.name
  FROM post_tags pt JOIN tags t ON t.id = pt.tag_id
 WHERE pt.post_id = ANY($1) ORDER BY pt.post_id, t.id`
	sqlCommentCounts = `SELECT post_id, count(*) FROM comments
 WHERE post_id = ANY($1) GROUP BY post_id`
	sqlPostBySlug = `SELECT p.id, p.title, p.body, p.published_on, a.name
  FROM posts p JOIN authors a ON a.id = p.author_id WHERE p.slug = $1`
	sqlTagsOfPost = `SELECT t.slug, t.name
  FROM posts p JOIN post_tags pt ON pt.post_id = p.id JOIN tags t ON t.id = pt.tag_id
 WHERE p.slug = $1 ORDER BY t.id`
	sqlCommentsOfPost = `SELECT c.author_name, c.body
  FROM posts p JOIN comments c ON c.post_id = p.id
 WHERE p.slug = $1 ORDER BY c.id`
	sqlTagBySlug  = `SELECT id, slug, name FROM tags WHERE slug = $1`
	sqlPostsOfTag = `SELECT p.id, p.slug, p.title, p.published_on, a.name
  FROM tags t JOIN post_tags pt ON pt.tag_id = t.id
  JOIN posts p ON p.id = pt.post_id JOIN authors a ON a.id = p.author_id
 WHERE t.slug = $1 ORDER BY p.published_on DESC, p.id DESC`
)

//go:embed templates/*.html
var templateFiles embed.FS

// html/template escapes exactly the contract's & < > " ' (as &amp; &lt; &gt; &#34; &#39;) plus
// + and NUL, which the dataset never contains.
var templates = template.Must(template.ParseFS(templateFiles, "templates/*.html"))

type tagLink struct{ Slug, Name string }

type postLine struct {
	ID                        int32
	Slug, Title, Author, Date string
	Comments                  int64
	Tags                      []tagLink
}

type comment struct{ Author, Body string }

type postPage struct {
	Title, Body, Author, Date string
	Tags                      []tagLink
	Comments                  []comment
}

type tagPage struct {
	Name  string
	Posts []postLine
}

func date(t time.Time) string { return t.Format(time.DateOnly) }

// index: the latest posts, then their tags and comment counts in one pipelined batch
// (2 round trips, 3 queries, one connection).
func (a *app) index(ctx context.Context, buf *bytes.Buffer) error {
	conn, err := a.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	rows, _ := conn.Query(ctx, sqlLatestPosts)
	posts, err := pgx.CollectRows(rows, scanPostLine)
	if err != nil {
		return err
	}
	if err := addTagsAndCounts(ctx, conn, posts); err != nil {
		return err
	}
	return templates.ExecuteTemplate(buf, "index.html", posts)
}

// detail: the post, its tags and its comments, all keyed by slug, in one pipelined batch
// (1 round trip, 3 queries).
func (a *app) detail(slug string) page {
	return func(ctx context.Context, buf *bytes.Buffer) error {
		var p postPage
		read := func(results pgx.BatchResults) (bool, error) {
			var id int32
			var published time.Time
			err := results.QueryRow().Scan(&id, &p.Title, &p.Body, &published, &p.Author)
			if err != nil && !errors.Is(err, pgx.ErrNoRows) {
				return false, err
			}
			found := err == nil
			p.Date = date(published)
			rows, _ := results.Query()
			if p.Tags, err = pgx.CollectRows(rows, scanTagLink); err != nil {
				return found, err
			}
			rows, _ = results.Query()
			p.Comments, err = pgx.CollectRows(rows, scanComment)
			return found, err
		}
		render := func(*pgxpool.Conn) error { return templates.ExecuteTemplate(buf, "post.html", &p) }
		return a.slugPage(ctx, slug, []string{sqlPostBySlug, sqlTagsOfPost, sqlCommentsOfPost}, read, render)
	}
}

// tag: the tag and its posts in one batch, then the posts' tags and comment counts in a
// second (2 round trips, 4 queries).
func (a *app) tag(slug string) page {
	return func(ctx context.Context, buf *bytes.Buffer) error {
		var t tagPage
		read := func(results pgx.BatchResults) (bool, error) {
			var id int32
			var tagSlug string
			err := results.QueryRow().Scan(&id, &tagSlug, &t.Name)
			if err != nil && !errors.Is(err, pgx.ErrNoRows) {
				return false, err
			}
			found := err == nil
			rows, _ := results.Query()
			t.Posts, err = pgx.CollectRows(rows, scanPostLine)
			return found, err
		}
		render := func(conn *pgxpool.Conn) error {
			if err := addTagsAndCounts(ctx, conn, t.Posts); err != nil {
				return err
			}
			return templates.ExecuteTemplate(buf, "tag.html", &t)
		}
		return a.slugPage(ctx, slug, []string{sqlTagBySlug, sqlPostsOfTag}, read, render)
	}
}

// slugPage runs the first queries of a page keyed by slug as one pipelined batch on one pooled
// connection: read takes their results in order and says whether the slug exists; once the batch
// is closed, a slug that does not exist is errNotFound, else render finishes the page on the same
// connection.
func (a *app) slugPage(ctx context.Context, slug string, queries []string,
	read func(pgx.BatchResults) (bool, error), render func(*pgxpool.Conn) error) error {
	conn, err := a.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	batch := &pgx.Batch{}
	for _, q := range queries {
		batch.Queue(q, slug)
	}
	results := conn.SendBatch(ctx, batch)
	defer results.Close()
	found, err := read(results)
	if err != nil {
		return err
	}
	if err := results.Close(); err != nil {
		return err
	}
	if !found {
		return errNotFound
	}
	return render(conn)
}

// addTagsAndCounts runs the 2nd and 3rd index queries for the given posts as one batch.
func addTagsAndCounts(ctx context.Context, conn *pgxpool.Conn, posts []postLine) error {
	ids := make([]int32, len(posts))
	byID := make(map[int32]*postLine, len(posts))
	for i := range posts {
		ids[i] = posts[i].ID
		byID[posts[i].ID] = &posts[i]
	}
	batch := &pgx.Batch{}
	batch.Queue(sqlTagsOfPosts, ids)
	batch.Queue(sqlCommentCounts, ids)
	results := conn.SendBatch(ctx, batch)
	defer results.Close()

	var postID int32
	var link tagLink
	rows, _ := results.Query()
	_, err := pgx.ForEachRow(rows, []any{&postID, &link.Slug, &link.Name}, func() error {
		p := byID[postID]
		p.Tags = append(p.Tags, link)
		return nil
	})
	if err != nil {
		return err
	}
	var count int64
	rows, _ = results.Query()
	_, err = pgx.ForEachRow(rows, []any{&postID, &count}, func() error {
		byID[postID].Comments = count
		return nil
	})
	if err != nil {
		return err
	}
	return results.Close()
}

func scanPostLine(row pgx.CollectableRow) (postLine, error) {
	var p postLine
	var published time.Time
	err := row.Scan(&p.ID, &p.Slug, &p.Title, &published, &p.Author)
	p.Date = date(published)
	return p, err
}

func scanTagLink(row pgx.CollectableRow) (tagLink, error) {
	var t tagLink
	err := row.Scan(&t.Slug, &t.Name)
	return t, err
}

func scanComment(row pgx.CollectableRow) (comment, error) {
	var c comment
	err := row.Scan(&c.Author, &c.Body)
	return c, err
}

DROP TABLE IF EXISTS comments, post_tags, posts, tags, authors;
CREATE TABLE authors (
  id   integer PRIMARY KEY,
  name text    NOT NULL
);
CREATE TABLE tags (
  id   integer PRIMARY KEY,
  slug text    NOT NULL UNIQUE,
  name text    NOT NULL
);
CREATE TABLE posts (
  id           integer PRIMARY KEY,
  author_id    integer NOT NULL REFERENCES authors (id),
  slug         text    NOT NULL UNIQUE,
  title        text    NOT NULL,
  body         text    NOT NULL,
  published_on date    NOT NULL
);
CREATE INDEX posts_published_idx ON posts (published_on DESC, id DESC);
CREATE TABLE post_tags (
  post_id integer NOT NULL REFERENCES posts (id),
  tag_id  integer NOT NULL REFERENCES tags (id),
  PRIMARY KEY (post_id, tag_id)
);
CREATE INDEX post_tags_tag_idx ON post_tags (tag_id, post_id);
CREATE TABLE comments (
  id          integer PRIMARY KEY,
  post_id     integer NOT NULL REFERENCES posts (id),
  author_name text    NOT NULL,
  body        text    NOT NULL
);
CREATE INDEX comments_post_idx ON comments (post_id, id);

//! The app without PostgreSQL and Redis, through Rocket's local client: the database-free routes, the 405 routes,
//! the catchers and fairings, and the templates against blog-core's (whose own tests hold them to the golden pages).

use blog_core::model::{Comment, IndexPage, PostLine, PostPage, TagLink, TagPage};
use blog_core::render::Templates;
use rocket::http::{ContentType, Header, Method, Status};
use rocket::local::blocking::{Client, LocalResponse};
use rocket_dyn_templates::Template;

use crate::{base, figment, Config};

fn client() -> Client {
    let config = Config::from_lookup(|name| match name {
        "DATABASE_URL" => Some("postgresql://app:secret@127.0.0.1:1/fairbench".into()),
        "REDIS_URL" => Some("redis://127.0.0.1:1".into()),
        _ => None,
    })
    .unwrap();
    Client::tracked(base(figment(&config))).expect("the app ignites without its services")
}

fn assert_answer(res: LocalResponse<'_>, status: u16, content_type: &str, body: &str) {
    assert_eq!(res.status().code, status);
    assert_eq!(res.content_type().map(|t| t.to_string()).as_deref(), Some(content_type));
    assert_eq!(res.into_string().as_deref(), Some(body));
}

const TEXT: &str = blog_core::content_type::TEXT;
const JSON: &str = blog_core::content_type::JSON;

#[test]
fn database_free_routes() {
    let client = client();
    assert_answer(client.get("/hello").dispatch(), 200, TEXT, "Hello, World!");
    assert_answer(client.get("/hello?x=1").dispatch(), 200, TEXT, "Hello, World!");
    assert_answer(client.get("/compute").dispatch(), 200, TEXT, "21171191");
    let image: Vec<u8> = (0..4096u32).map(|i| (i * 7 % 251) as u8).collect();
    let expected = blog_core::phash::answer(&image).unwrap();
    assert_answer(client.post("/phash").body(&image).dispatch(), 200, JSON, &expected);
}

#[test]
fn phash_bodies_of_the_wrong_size() {
    let client = client();
    let wrong = r#"{"error":"body must be exactly 4096 bytes"}"#;
    let large = r#"{"error":"body larger than 65536 bytes"}"#;
    assert_answer(client.post("/phash").body([0u8; 100]).dispatch(), 400, JSON, wrong);
    assert_answer(client.post("/phash").dispatch(), 400, JSON, wrong);
    assert_answer(client.post("/phash").body(vec![0u8; 65_536]).dispatch(), 400, JSON, wrong);
    assert_answer(client.post("/phash").body(vec![0u8; 65_537]).dispatch(), 413, JSON, large);
    let declared = client
        .post("/phash")
        .header(Header::new("Content-Length", "1000000000000"))
        .dispatch();
    assert_answer(declared, 413, JSON, large);
}

#[test]
fn other_methods_on_known_paths_are_405() {
    let client = client();
    for (method, path) in [
        (Method::Post, "/"),
        (Method::Get, "/phash"),
        (Method::Head, "/phash"),
        (Method::Post, "/hello"),
        (Method::Options, "/hello"),
        (Method::Delete, "/post/some-post"),
        (Method::Put, "/post/some-post/cached"),
        (Method::Patch, "/tag/some-tag"),
    ] {
        let res = client.req(method, path).dispatch();
        // A HEAD answer goes without its body.
        let body = if method == Method::Head { "" } else { "Method Not Allowed" };
        assert_answer(res, 405, TEXT, body);
    }
}

#[test]
fn unknown_and_inexact_paths_are_404() {
    let client = client();
    for path in ["/nothing-here", "/hello/", "//hello", "/post/", "/post/x/extra/more", "/compute/x"] {
        assert_answer(client.get(path).dispatch(), 404, TEXT, "Not Found");
    }
}

#[test]
fn head_answers_like_get_without_a_body() {
    let client = client();
    let res = client.head("/hello").dispatch();
    assert_eq!(res.status(), Status::Ok);
    assert_eq!(res.content_type(), Some(ContentType::Plain));
    assert_eq!(res.headers().get_one("Server"), None);
    assert_eq!(res.into_bytes().unwrap_or_default(), Vec::<u8>::new());
}

#[test]
fn a_head_over_16_kib_is_refused() {
    let client = client();
    let big = client.get("/hello").header(Header::new("X-Big", "a".repeat(17 * 1024))).dispatch();
    assert_eq!(big.status(), Status::RequestHeaderFieldsTooLarge);
    let near = client.get("/hello").header(Header::new("X-Big", "a".repeat(15 * 1024))).dispatch();
    assert_eq!(near.status(), Status::Ok);
}

#[test]
fn rocket_content_types_are_the_contracts() {
    assert_eq!(ContentType::HTML.to_string(), blog_core::content_type::HTML);
    assert_eq!(ContentType::Plain.to_string(), TEXT);
    assert_eq!(ContentType::JSON.to_string(), JSON);
}

fn tag(slug: &str, name: &str) -> TagLink {
    TagLink { slug: slug.into(), name: name.into() }
}

/// Texts with every escaped character, `/` and `+` (left as they are), non-ASCII text and line feeds.
fn post_page(comments: usize, tags: Vec<TagLink>) -> PostPage {
    PostPage {
        title: r#"Pipelines & <queues> "quoted" it's a/b+c"#.into(),
        author: "Олена Коваль".into(),
        date: "2024-02-29".into(),
        body: "First line: a < b && b > c.\nSecond line, façade.".into(),
        tags,
        comments: (0..comments)
            .map(|i| Comment { author: format!("Zoë {i}"), body: "<script>alert(1)</script>".into() })
            .collect(),
    }
}

fn post_line(slug: &str, comments: i64, tags: Vec<TagLink>) -> PostLine {
    PostLine {
        slug: slug.into(),
        title: "Tail & <latency>".into(),
        author: r#"Ken "K&R" Thompson"#.into(),
        date: "2025-01-02".into(),
        comments,
        tags,
    }
}

#[test]
fn templates_give_blog_core_bytes() {
    let client = client();
    let rocket = client.rocket();
    let reference = Templates::new();
    let tags = || vec![tag("postgresql", "PostgreSQL"), tag("templates", "<Templates>"), tag("ua", "Бенчмарки")];
    for page in [post_page(0, vec![]), post_page(3, tags())] {
        assert_eq!(Template::show(rocket, "post", &page).unwrap(), reference.post(&page));
    }
    let lines = vec![post_line("a-1", 0, vec![]), post_line("b-2", 12, tags())];
    let index = IndexPage { posts: lines.clone() };
    assert_eq!(Template::show(rocket, "index", &index).unwrap(), reference.index(&index));
    let empty = IndexPage { posts: vec![] };
    assert_eq!(Template::show(rocket, "index", &empty).unwrap(), reference.index(&empty));
    let tag_page = TagPage { name: r#"Capacity "planning""#.into(), posts: lines };
    assert_eq!(Template::show(rocket, "tag", &tag_page).unwrap(), reference.tag(&tag_page));
}

//! The HTML pages of docs/workload.md §4.2, rendered by askama (the engine Cot uses) from `templates/`, with the
//! contract's escaper ([`ContractHtml`], chosen for `.html` templates in `askama.toml`).
//!
//! askama drops the line feed that ends a template file, so each page's file ends with an empty line to keep the
//! one after `</html>`.

use std::fmt;

use askama::Template;
use blog_core::model::{IndexPage, PostPage, TagPage};

#[derive(Template)]
#[template(path = "index.html")]
struct IndexHtml<'a> {
    page: &'a IndexPage,
}

#[derive(Template)]
#[template(path = "post.html")]
struct PostHtml<'a> {
    page: &'a PostPage,
}

#[derive(Template)]
#[template(path = "tag.html")]
struct TagHtml<'a> {
    page: &'a TagPage,
}

/// The contract's escaper: exactly `& < > " '`, as `&amp; &lt; &gt; &#34; &#39;` (askama's own writes `&#38;`,
/// `&#60;` and `&#62;`). blog-core's `escape_html` does the same for Tera.
#[derive(Debug, Clone, Copy)]
pub struct ContractHtml;

impl askama::filters::Escaper for ContractHtml {
    fn write_escaped_str<W: fmt::Write>(&self, mut dest: W, text: &str) -> fmt::Result {
        let mut last = 0;
        for (i, b) in text.bytes().enumerate() {
            let entity = match b {
                b'&' => "&amp;",
                b'<' => "&lt;",
                b'>' => "&gt;",
                b'"' => "&#34;",
                b'\'' => "&#39;",
                _ => continue,
            };
            dest.write_str(&text[last..i])?;
            dest.write_str(entity)?;
            last = i + 1;
        }
        dest.write_str(&text[last..])
    }
}

/// The templates are compiled in and write to a `String`, so rendering cannot fail.
const RENDERS: &str = "askama renders into a String without error";

pub fn index(page: &IndexPage) -> String {
    IndexHtml { page }.render().expect(RENDERS)
}

pub fn post(page: &PostPage) -> String {
    PostHtml { page }.render().expect(RENDERS)
}

pub fn tag(page: &TagPage) -> String {
    TagHtml { page }.render().expect(RENDERS)
}

#[cfg(test)]
mod tests {
    use blog_core::model::{Comment, PostLine, TagLink};
    use blog_core::render::Templates;

    use super::*;

    fn golden(name: &str) -> String {
        let path = format!(
            "{}/../../workload/src/test/resources/golden/{name}",
            env!("CARGO_MANIFEST_DIR")
        );
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    fn link(slug: &str, name: &str) -> TagLink {
        TagLink {
            slug: slug.into(),
            name: name.into(),
        }
    }

    /// Texts with every character the contract escapes, non-ASCII text and a line feed.
    const HOSTILE: &str = "Пам'ять <b>&amp;</b> \"façade\"\n/+ done";

    fn line(slug: &str, comments: i64, tags: Vec<TagLink>) -> PostLine {
        PostLine {
            slug: slug.into(),
            title: HOSTILE.into(),
            author: r#"Ken "K&R" Thompson"#.into(),
            date: "2024-10-17".into(),
            comments,
            tags,
        }
    }

    #[test]
    fn escapes_exactly_the_contract_characters() {
        let escape = |text: &str| {
            let mut out = String::new();
            askama::filters::Escaper::write_escaped_str(&ContractHtml, &mut out, text).unwrap();
            out
        };
        assert_eq!(escape(r#"a&b<c>d"e'f/g+h"#), "a&amp;b&lt;c&gt;d&#34;e&#39;f/g+h");
        assert_eq!(escape("Пам'ять\n"), "Пам&#39;ять\n");
        assert_eq!(escape(""), "");
    }

    #[test]
    fn post_page_matches_golden() {
        let comments = [
            ("François", "Fast queue latency response."),
            ("Grace", "Queue cache write write page request."),
            ("François", "Heap tail write response query runtime queue response."),
            ("Тарас", "Response kernel event worker."),
            ("Zoë", "Lock index kernel runtime median query."),
            ("Олена", "Heap lock kernel tail trip heap kernel pipeline latency queue future median index batch buffer."),
            ("Linus", "Tail future query median heap heap thread latency thread runtime."),
            ("Zoë", "Index runtime median worker thread tail query."),
            ("Zoë", "Response trip event pool slow pool queue future queue."),
            ("Марія", "Request queue event future runtime write response stack query. <3"),
        ];
        let page = PostPage {
            title: "Slow request pipeline черга".into(),
            author: "Grace Hopper".into(),
            date: "2024-10-17".into(),
            body: "Trip worker page heap index trip write stack future loop read request kernel slow runtime \
                   response queue runtime query slow.\nEvent batch lock trip buffer batch batch thread thread heap \
                   page thread response. Note: a < b && b > c, \"so\" it's façade."
                .into(),
            tags: vec![link("postgresql", "PostgreSQL"), link("netty", "Netty"), link("templates", "<Templates>")],
            comments: comments
                .iter()
                .map(|(a, b)| Comment { author: a.to_string(), body: b.to_string() })
                .collect(),
        };
        assert_eq!(post(&page), golden("post-slow-request-pipeline-1.html"));
    }

    /// The same bytes as blog-core's Tera templates (checked there against every golden page), for pages with and
    /// without tags, comments and posts.
    #[test]
    fn pages_match_the_tera_renderer() {
        let tera = Templates::new();
        let tags = vec![link("gc", HOSTILE), link("ops", "Ops")];
        for posts in [
            vec![],
            vec![line("a-1", 0, vec![])],
            vec![line("a-1", 12, tags.clone()), line("b-2", 1, vec![link("x", "X")])],
        ] {
            let index_page = IndexPage { posts: posts.clone() };
            assert_eq!(index(&index_page), tera.index(&index_page));
            let tag_page = TagPage { name: HOSTILE.into(), posts };
            assert_eq!(tag(&tag_page), tera.tag(&tag_page));
        }
        for (tags, comments) in [
            (vec![], vec![]),
            (tags, vec![Comment { author: HOSTILE.into(), body: "<script>alert(1)</script>".into() }]),
        ] {
            let page = PostPage {
                title: HOSTILE.into(),
                author: "Zoë".into(),
                date: "2023-01-02".into(),
                body: HOSTILE.into(),
                tags,
                comments,
            };
            assert_eq!(post(&page), tera.post(&page));
        }
    }
}

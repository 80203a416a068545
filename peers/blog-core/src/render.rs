//! The pages of contract section 4.2, rendered by Tera from templates compiled into the binary, and the
//! contract's HTML escaper (also without the `sqlx-stack` feature, for peers with another template engine).

#[cfg(feature = "stack")]
use tera::{Context, Tera};

#[cfg(feature = "stack")]
use crate::model::{IndexPage, PostPage, TagPage};

#[cfg(feature = "stack")]
/// Renders the three HTML pages. Thread-safe; build it once.
pub struct Templates {
    tera: Tera,
}

#[cfg(feature = "stack")]
impl Templates {
    pub fn new() -> Self {
        let mut tera = Tera::default();
        tera.add_raw_templates([
            ("macros.html", include_str!("templates/macros.html")),
            ("index.html", include_str!("templates/index.html")),
            ("post.html", include_str!("templates/post.html")),
            ("tag.html", include_str!("templates/tag.html")),
        ])
        .expect("the embedded templates parse");
        tera.autoescape_on(vec![".html"]);
        tera.set_escape_fn(escape_html);
        Templates { tera }
    }

    pub fn index(&self, page: &IndexPage) -> String {
        self.render("index.html", page)
    }

    pub fn post(&self, page: &PostPage) -> String {
        self.render("post.html", page)
    }

    pub fn tag(&self, page: &TagPage) -> String {
        self.render("tag.html", page)
    }

    /// The templates are fixed and the models always have their fields, so rendering cannot fail.
    fn render(&self, name: &str, page: &impl serde::Serialize) -> String {
        let context = Context::from_serialize(page).expect("a view model serializes to a map");
        self.tera
            .render(name, &context)
            .expect("the embedded templates render every view model")
    }
}

#[cfg(feature = "stack")]
impl Default for Templates {
    fn default() -> Self {
        Self::new()
    }
}

/// The contract's escaper: exactly `& < > " '`. Tera's own also escapes `/`, which the contract forbids.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
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
        out.push_str(&text[last..i]);
        out.push_str(entity);
        last = i + 1;
    }
    out.push_str(&text[last..]);
    out
}

#[cfg(feature = "stack")]
#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Comment, PostLine, TagLink};

    fn golden(name: &str) -> String {
        let path = format!(
            "{}/../../workload/src/test/resources/golden/{name}",
            env!("CARGO_MANIFEST_DIR")
        );
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    fn tag(slug: &str, name: &str) -> TagLink {
        TagLink {
            slug: slug.into(),
            name: name.into(),
        }
    }

    #[test]
    fn escapes_exactly_the_five_characters() {
        assert_eq!(
            escape_html(r#"a&b<c>d"e'f/g+h"#),
            "a&amp;b&lt;c&gt;d&#34;e&#39;f/g+h"
        );
        assert_eq!(
            escape_html("<script>alert(1)</script>"),
            "&lt;script&gt;alert(1)&lt;/script&gt;"
        );
        assert_eq!(
            escape_html("Пам'ять façade\nline"),
            "Пам&#39;ять façade\nline"
        );
        assert_eq!(escape_html(""), "");
    }

    #[test]
    fn post_page_matches_golden() {
        let page = PostPage {
            title: "Page pipeline page it's fine".into(),
            author: r#"Ken "K&R" Thompson"#.into(),
            date: "2023-10-15".into(),
            body: "Buffer latency batch read pipeline worker future heap queue pool stack cache trip runtime \
                   latency pipeline page future write index socket.\nCache runtime socket pipeline query runtime \
                   event pool trip loop queue slow stack event pipeline buffer pool."
                .into(),
            tags: vec![tag("redis", "Redis"), tag("gc", "Garbage collection"), tag("ops", "Ops")],
            comments: vec![],
        };
        assert_eq!(
            Templates::new().post(&page),
            golden("post-page-pipeline-page-97.html")
        );
    }

    #[test]
    fn post_page_with_comments_matches_golden() {
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
            tags: vec![tag("postgresql", "PostgreSQL"), tag("netty", "Netty"), tag("templates", "<Templates>")],
            comments: comments.iter().map(|(a, b)| Comment { author: a.to_string(), body: b.to_string() }).collect(),
        };
        assert_eq!(
            Templates::new().post(&page),
            golden("post-slow-request-pipeline-1.html")
        );
    }

    /// The list pages, rebuilt line by line from the golden files' own post lines.
    #[test]
    fn list_pages_match_golden() {
        let templates = Templates::new();
        let index = golden("index.html");
        assert_eq!(
            templates.index(&IndexPage {
                posts: parse_post_lines(&index)
            }),
            index
        );
        for (file, name) in [
            ("tag-benchmarks.html", "Бенчмарки"),
            ("tag-capacity.html", r#"Capacity "planning""#),
            ("tag-templates.html", "<Templates>"),
        ] {
            let page = golden(file);
            let model = TagPage {
                name: name.into(),
                posts: parse_post_lines(&page),
            };
            assert_eq!(templates.tag(&model), page, "{file}");
        }
    }

    fn parse_post_lines(page: &str) -> Vec<PostLine> {
        page.lines()
            .filter(|l| l.starts_with("<li>"))
            .map(parse_post_line)
            .collect()
    }

    /// Reads `<li><a href="/post/S">T</a> by A on D, N comments, tags: <a href="/tag/S">N</a>...</li>`.
    fn parse_post_line(line: &str) -> PostLine {
        let rest = line.strip_prefix(r#"<li><a href="/post/"#).unwrap();
        let (slug, rest) = rest.split_once(r#"">"#).unwrap();
        let (title, rest) = rest.split_once("</a> by ").unwrap();
        let (author, rest) = rest.split_once(" on ").unwrap();
        let (date, rest) = rest.split_once(", ").unwrap();
        let (comments, rest) = rest.split_once(" comments, tags:").unwrap();
        let tags = rest
            .strip_suffix("</li>")
            .unwrap()
            .split(" <a href=\"/tag/")
            .skip(1)
            .map(|t| {
                let (slug, name) = t.strip_suffix("</a>").unwrap().split_once(r#"">"#).unwrap();
                tag(slug, &unescape(name))
            })
            .collect();
        PostLine {
            slug: slug.into(),
            title: unescape(title),
            author: unescape(author),
            date: date.into(),
            comments: comments.parse().unwrap(),
            tags,
        }
    }

    fn unescape(html: &str) -> String {
        html.replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&#34;", "\"")
            .replace("&#39;", "'")
            .replace("&amp;", "&")
    }
}

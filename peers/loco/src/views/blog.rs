use blog_core::model::{IndexPage, PostPage, TagPage};
use loco_rs::prelude::*;

/// The templates are fixed and the models always have their fields, so rendering cannot fail.
const RENDERS: &str = "the views render every page model";

pub fn index(v: &impl ViewRenderer, page: &IndexPage) -> String {
    v.render("blog/index.html", page).expect(RENDERS)
}

pub fn post(v: &impl ViewRenderer, page: &PostPage) -> String {
    v.render("blog/post.html", page).expect(RENDERS)
}

pub fn tag(v: &impl ViewRenderer, page: &TagPage) -> String {
    v.render("blog/tag.html", page).expect(RENDERS)
}

/// Each golden page of the workload module (workload/src/test/resources/golden) is read back into its view model
/// and rendered again: the bytes must be the same.
#[cfg(test)]
mod tests {
    use blog_core::model::{Comment, IndexPage, PostLine, PostPage, TagLink, TagPage};
    use loco_rs::controller::views::engines::TeraView;

    use crate::initializers::view_engine::engine;

    fn golden(name: &str) -> String {
        let path = format!(
            "{}/../../workload/src/test/resources/golden/{name}",
            env!("CARGO_MANIFEST_DIR")
        );
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    fn views() -> TeraView {
        engine(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/views")).unwrap()
    }

    fn unescape(html: &str) -> String {
        html.replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&#34;", "\"")
            .replace("&#39;", "'")
            .replace("&amp;", "&")
    }

    fn between<'a>(text: &'a str, start: &str, end: &str) -> &'a str {
        let from = text.find(start).unwrap_or_else(|| panic!("{start:?}")) + start.len();
        let len = text[from..].find(end).unwrap_or_else(|| panic!("{end:?}"));
        &text[from..from + len]
    }

    /// ` <a href="/tag/S">N</a>` repeated.
    fn tag_links(html: &str) -> Vec<TagLink> {
        html.split(" <a href=\"/tag/")
            .skip(1)
            .map(|t| {
                let (slug, name) = t.strip_suffix("</a>").unwrap().split_once("\">").unwrap();
                TagLink { slug: slug.into(), name: unescape(name) }
            })
            .collect()
    }

    fn post_lines(page: &str) -> Vec<PostLine> {
        page.lines()
            .filter(|l| l.starts_with("<li>"))
            .map(|line| {
                let (slug, rest) = between(line, "<li><a href=\"/post/", "</li>").split_once("\">").unwrap();
                let (title, rest) = rest.split_once("</a> by ").unwrap();
                let (author, rest) = rest.split_once(" on ").unwrap();
                let (date, rest) = rest.split_once(", ").unwrap();
                let (comments, tags) = rest.split_once(" comments, tags:").unwrap();
                PostLine {
                    slug: slug.into(),
                    title: unescape(title),
                    author: unescape(author),
                    date: date.into(),
                    comments: comments.parse().unwrap(),
                    tags: tag_links(tags),
                }
            })
            .collect()
    }

    fn post_page(page: &str) -> PostPage {
        let meta = between(page, "<p class=\"meta\">by ", "</p>");
        let (author, rest) = meta.split_once(" on ").unwrap();
        let (date, tags) = rest.split_once(", tags:").unwrap();
        PostPage {
            title: unescape(between(page, "<h1>", "</h1>")),
            author: unescape(author),
            date: date.into(),
            body: unescape(between(page, "<div class=\"body\">", "</div>")),
            tags: tag_links(tags),
            comments: between(page, "<ol class=\"comments\">\n", "</ol>")
                .lines()
                .map(|l| {
                    let (author, body) = between(l, "<li><b>", "</li>").split_once("</b>: ").unwrap();
                    Comment { author: unescape(author), body: unescape(body) }
                })
                .collect(),
        }
    }

    #[test]
    fn index_matches_golden() {
        let page = golden("index.html");
        assert_eq!(super::index(&views(), &IndexPage { posts: post_lines(&page) }), page);
    }

    #[test]
    fn tag_pages_match_golden() {
        for file in ["tag-benchmarks.html", "tag-capacity.html", "tag-templates.html"] {
            let page = golden(file);
            let model = TagPage {
                name: unescape(between(&page, "<h1>Posts tagged ", "</h1>")),
                posts: post_lines(&page),
            };
            assert_eq!(super::tag(&views(), &model), page, "{file}");
        }
    }

    #[test]
    fn post_pages_match_golden() {
        for file in [
            "post-page-pipeline-page-97.html",
            "post-slow-request-pipeline-1.html",
            "post-stack-heap-page-670.html",
        ] {
            let page = golden(file);
            let model = post_page(&page);
            assert!(!model.title.is_empty() && !model.body.is_empty(), "{file}");
            assert_eq!(super::post(&views(), &model), page, "{file}");
        }
    }

    /// The escaper is the contract's: `"` as `&#34;` (Tera 2's own writes `&quot;`), `/` and non-ASCII unchanged.
    #[test]
    fn escapes_exactly_the_five_characters() {
        let model = TagPage { name: r#"<a&b> "c" 'd' /é"#.into(), posts: vec![] };
        let html = super::tag(&views(), &model);
        assert!(html.contains("<h1>Posts tagged &lt;a&amp;b&gt; &#34;c&#34; &#39;d&#39; /é</h1>"), "{html}");
    }
}

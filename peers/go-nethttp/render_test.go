package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

const goldenDir = "../../workload/src/test/resources/golden/"

func render(t *testing.T, name string, data any) string {
	t.Helper()
	var buf bytes.Buffer
	if err := templates.ExecuteTemplate(&buf, name, data); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

func golden(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(goldenDir + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// The contract's escaper: exactly & < > " ' in every text placeholder, UTF-8 left alone.
func TestEscapesTheFiveCharacters(t *testing.T) {
	text := `a&b<c>d"e'f/g=h` + "\nі é"
	const want = "a&amp;b&lt;c&gt;d&#34;e&#39;f/g=h\nі é"
	got := render(t, "post.html", &postPage{Title: text, Body: text, Author: text, Date: "2025-01-02",
		Tags: []tagLink{{Slug: "s", Name: text}}, Comments: []comment{{Author: text, Body: text}}})
	for _, line := range []string{
		"<title>" + want + "</title>\n",
		"<h1>" + want + "</h1>\n",
		"<div class=\"body\">" + want + "</div>\n",
		"<li><b>" + want + "</b>: " + want + "</li>\n",
		"<a href=\"/tag/s\">" + want + "</a></p>\n",
	} {
		if !strings.Contains(got, line) {
			t.Errorf("missing %q in\n%s", line, got)
		}
	}
}

func TestDetailPageMatchesGolden(t *testing.T) {
	p := &postPage{
		Title:  "Page pipeline page it's fine",
		Author: `Ken "K&R" Thompson`,
		Date:   "2023-10-15",
		Body: "Buffer latency batch read pipeline worker future heap queue pool stack cache trip runtime " +
			"latency pipeline page future write index socket.\nCache runtime socket pipeline query runtime " +
			"event pool trip loop queue slow stack event pipeline buffer pool.",
		Tags: []tagLink{{"redis", "Redis"}, {"gc", "Garbage collection"}, {"ops", "Ops"}},
	}
	if got, want := render(t, "post.html", p), golden(t, "post-page-pipeline-page-97.html"); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestCommentLines(t *testing.T) {
	got := render(t, "post.html", &postPage{Comments: []comment{{"José", "Write heap response event pipeline index. Дякую!"},
		{"François", "<script>alert(1)</script>"}}})
	const want = "<h2>2 comments</h2>\n<ol class=\"comments\">\n" +
		"<li><b>José</b>: Write heap response event pipeline index. Дякую!</li>\n" +
		"<li><b>François</b>: &lt;script&gt;alert(1)&lt;/script&gt;</li>\n</ol>\n</body>\n</html>\n"
	if !strings.HasSuffix(got, want) {
		t.Errorf("got\n%s", got)
	}
	if want := golden(t, "post-stack-heap-page-670.html"); !strings.Contains(want, "<li><b>François</b>: &lt;script&gt;alert(1)&lt;/script&gt;</li>\n") {
		t.Fatal("golden page changed: update this test")
	}
}

func TestIndexPageMatchesGoldenFrame(t *testing.T) {
	posts := []postLine{{Slug: "response-lock-slow-4", Title: "Response lock slow відповідь",
		Author: `Ken "K&R" Thompson`, Date: "2025-09-26", Comments: 3,
		Tags: []tagLink{{"rust", "Rust"}, {"postgresql", "PostgreSQL"}, {"throughput", "Throughput"}}}}
	want := golden(t, "index.html")
	lines := strings.SplitAfter(want, "\n")
	// The header (9 lines), the first post line, then the footer.
	want = strings.Join(lines[:10], "") + strings.Join(lines[len(lines)-4:], "")
	if got := render(t, "index.html", posts); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestTagPageHeader(t *testing.T) {
	got := render(t, "tag.html", &tagPage{Name: `Capacity "planning"`})
	want := golden(t, "tag-capacity.html")
	header := want[:strings.Index(want, "<li>")]
	if got != header+"</ul>\n</body>\n</html>\n" {
		t.Errorf("got\n%s\nwant header\n%s", got, header)
	}
}

func TestPostWithoutTags(t *testing.T) {
	got := render(t, "index.html", []postLine{{Slug: "a", Title: "T", Author: "A", Date: "2025-01-01"}})
	if !strings.Contains(got, "\n<li><a href=\"/post/a\">T</a> by A on 2025-01-01, 0 comments, tags:</li>\n") {
		t.Errorf("got\n%s", got)
	}
}

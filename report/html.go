package report

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"html"
	"io"
	"path"
	"strings"
	"unicode/utf8"
)

// HTMLOptions says where an HTML page finds what lies beside its Markdown
// form: the figures, which it takes into the page, and the targets of
// relative links.
type HTMLOptions struct {
	// Figure returns the content of a file named as a Figure names it
	// (Path or one of Links, relative to the Markdown page).
	Figure func(name string) ([]byte, error)
	// Link rewrites the target of a relative link in the page's text
	// (the HTML page may lie elsewhere than the Markdown page); nil
	// leaves targets as they are.
	Link func(target string) string
}

// WritePageHTML renders p as one self-contained HTML document: headings,
// paragraphs, lists, code, tables (numbers right-aligned, best cells bold,
// problem cells marked) and the claims ledger as on the Markdown page, and
// every figure inline: its SVG form when the figure has one, else its
// image as a data: URL, so the file can be mailed or opened anywhere. A
// block of a kind this renderer does not know is shown as its Markdown,
// verbatim, rather than dropped.
func WritePageHTML(w io.Writer, p *Page, o HTMLOptions) error {
	var b strings.Builder
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"+
		"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"+
		"<meta name=\"generator\" content=\"gridbench reproduce\">\n<title>%s</title>\n<style>\n%s</style>\n</head>\n<body>\n<main>\n",
		html.EscapeString(plainInline(p.Title)), htmlStyle)
	fmt.Fprintf(&b, "<h1>%s</h1>\n", o.inline(p.Title))
	figures := 0                 // figure-N anchors, in page order
	anchors := map[string]bool{} // the tables' anchors given so far
	for _, x := range p.Blocks {
		switch x := x.(type) {
		case *Heading:
			l := min(max(x.Level, 2), 6)
			fmt.Fprintf(&b, "<h%d>%s</h%d>\n", l, o.inline(x.Text), l)
		case *Paragraph:
			if x.Quote {
				fmt.Fprintf(&b, "<blockquote><p>%s</p></blockquote>\n", o.inline(x.Text))
			} else {
				fmt.Fprintf(&b, "<p>%s</p>\n", o.inline(x.Text))
			}
		case *List:
			if len(x.Items) == 0 {
				continue
			}
			tag := "ul"
			if x.Ordered {
				tag = "ol"
			}
			b.WriteString("<" + tag + ">\n")
			for i, it := range x.Items {
				b.WriteString("<li>" + o.inline(it))
				if i < len(x.Sub) && len(x.Sub[i]) > 0 {
					b.WriteString("\n<ul>\n")
					for _, sub := range x.Sub[i] {
						b.WriteString("<li>" + o.inline(sub) + "</li>\n")
					}
					b.WriteString("</ul>\n")
				}
				b.WriteString("</li>\n")
			}
			b.WriteString("</" + tag + ">\n")
		case *Figure:
			img, err := o.figure(x)
			if err != nil {
				return fmt.Errorf("page %s: %w", p.ID, err)
			}
			figures++
			fmt.Fprintf(&b, "<figure id=\"figure-%d\">\n%s\n<figcaption>%s</figcaption>\n</figure>\n", figures, img, o.inline(x.Alt))
		case *Code:
			class := ""
			if x.Lang != "" {
				class = fmt.Sprintf(" class=\"language-%s\"", html.EscapeString(x.Lang))
			}
			fmt.Fprintf(&b, "<pre><code%s>%s</code></pre>\n", class, html.EscapeString(strings.TrimRight(x.Text, "\n")))
		case *Table:
			o.table(&b, x, tableAnchor(x.ID, anchors))
		case *Claims:
			b.WriteString("<section class=\"claims\">\n<h2>Claims ledger</h2>\n")
			if x.Lead != "" {
				fmt.Fprintf(&b, "<p>%s</p>\n", o.inline(x.Lead))
			}
			fmt.Fprintf(&b, "<p><strong>%s.</strong></p>\n", o.inline(LedgerCounts(x.Entries)))
			o.table(&b, LedgerTable("claims", "", x.Entries), tableAnchor("claims", anchors))
			b.WriteString("</section>\n")
		default:
			var md strings.Builder
			if err := WritePageMarkdown(&md, &Page{ID: p.ID, Blocks: []Block{x}}); err != nil {
				return fmt.Errorf("page %s: block %T has no HTML form: %w", p.ID, x, err)
			}
			text := strings.TrimPrefix(md.String(), "# \n\n")
			fmt.Fprintf(&b, "<pre class=\"markdown\">%s</pre>\n", html.EscapeString(strings.TrimRight(text, "\n")))
		}
	}
	b.WriteString("</main>\n</body>\n</html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// htmlStyle keeps the page readable on its own: a text column, tables that
// scroll sideways rather than overflow, figures no wider than the column.
const htmlStyle = `body { font-family: system-ui, sans-serif; line-height: 1.45; color: #1a1a1a; background: #fff; margin: 0; }
main { max-width: 68rem; margin: 0 auto; padding: 1rem 1.5rem 3rem; }
h1, h2, h3 { line-height: 1.2; }
code, pre { font-family: ui-monospace, monospace; font-size: 0.9em; }
pre { background: #f4f4f4; padding: 0.6rem; overflow-x: auto; }
blockquote { border-left: 4px solid #c0c0c0; margin-left: 0; padding-left: 1rem; color: #444; }
figure { margin: 1.5rem 0; text-align: center; }
figure svg, figure img { max-width: 100%; height: auto; }
figcaption { font-size: 0.9em; color: #444; }
.table { overflow-x: auto; margin: 1rem 0; }
table { border-collapse: collapse; font-size: 0.88em; }
caption { font-weight: bold; text-align: left; padding-bottom: 0.3rem; }
th, td { padding: 0.2rem 0.5rem; border-bottom: 1px solid #ddd; vertical-align: top; }
th { border-bottom: 2px solid #888; text-align: left; }
.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.bad { color: #b00020; }
.note { font-size: 0.85em; color: #444; }
`

// tableAnchor returns the id of a table's element on the page: "table-"
// and the table's id as its file name (TableFileName), so it holds no
// space and a link can name it as it is (#table-Table-3), numbered on
// from -2 where a table before it on the page took it.
func tableAnchor(id string, taken map[string]bool) string {
	base := "table-" + TableFileName(id)
	a := base
	for k := 2; taken[a]; k++ {
		a = fmt.Sprintf("%s-%d", base, k)
	}
	taken[a] = true
	return a
}

// table writes t as an HTML table, whose element has the id anchor,
// inside a box that scrolls sideways.
func (o HTMLOptions) table(b *strings.Builder, t *Table, anchor string) {
	width := t.Width()
	if width == 0 {
		return
	}
	num := make([]bool, width)
	for i := range width {
		num[i] = columnIsNumeric(t, i)
	}
	fmt.Fprintf(b, "<div class=\"table\"><table id=\"%s\">\n", anchor)
	if t.Title != "" {
		fmt.Fprintf(b, "<caption>%s</caption>\n", o.inline(t.Title))
	}
	b.WriteString("<thead><tr>")
	for i := range width {
		class := ""
		if num[i] {
			class = " class=\"num\""
		}
		fmt.Fprintf(b, "<th%s>%s</th>", class, o.inline(colName(t, i)))
	}
	b.WriteString("</tr></thead>\n<tbody>\n")
	for _, row := range t.Rows {
		b.WriteString("<tr>")
		for i := range width {
			var c Cell
			if i < len(row) {
				c = row[i]
			}
			var classes []string
			if num[i] {
				classes = append(classes, "num")
			}
			if c.Bad {
				classes = append(classes, "bad")
			}
			s := o.inline(c.Text)
			if c.Best && s != "" {
				s = "<strong>" + s + "</strong>"
			}
			if len(classes) > 0 {
				fmt.Fprintf(b, "<td class=\"%s\">%s</td>", strings.Join(classes, " "), s)
			} else {
				fmt.Fprintf(b, "<td>%s</td>", s)
			}
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</tbody>\n</table></div>\n")
	for _, n := range t.Notes {
		fmt.Fprintf(b, "<p class=\"note\">%s</p>\n", o.inline(n))
	}
}

// figure returns f as markup to put in the page: the SVG element of its
// SVG form (the file at Path with .svg, or an .svg among Links), else its
// image as a data: URL. It is an error when neither can be read: a page
// without its figure is not the page.
func (o HTMLOptions) figure(f *Figure) (string, error) {
	if o.Figure == nil {
		return "", fmt.Errorf("figure %s: no way to read figures (HTMLOptions.Figure)", f.Path)
	}
	var svgs []string
	if path.Ext(f.Path) == ".svg" {
		svgs = append(svgs, f.Path)
	} else {
		svgs = append(svgs, strings.TrimSuffix(f.Path, path.Ext(f.Path))+".svg")
	}
	for _, l := range f.Links {
		if path.Ext(l) == ".svg" && !strings.Contains(l, "://") {
			svgs = append(svgs, l)
		}
	}
	for _, name := range svgs {
		b, err := o.Figure(name)
		if err != nil {
			continue
		}
		i := bytes.Index(b, []byte("<svg"))
		if i < 0 {
			return "", fmt.Errorf("figure %s: no <svg> element in it", name)
		}
		svg := strings.TrimSpace(string(b[i:]))
		// The figure's description for screen readers, as an <img> alt.
		return strings.Replace(svg, "<svg", fmt.Sprintf("<svg role=\"img\" aria-label=\"%s\"", html.EscapeString(plainInline(f.Alt))), 1), nil
	}
	mime := map[string]string{".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif"}[strings.ToLower(path.Ext(f.Path))]
	b, err := o.Figure(f.Path)
	if err != nil || mime == "" {
		return "", fmt.Errorf("figure %s: neither an SVG form (%s) nor the image could be read: %v", f.Path, strings.Join(svgs, ", "), err)
	}
	return fmt.Sprintf("<img alt=\"%s\" src=\"data:%s;base64,%s\">", html.EscapeString(plainInline(f.Alt)), mime, base64.StdEncoding.EncodeToString(b)), nil
}

// inline converts Markdown inline text to HTML: **bold**, *emphasis*,
// `code`, [text](target) and a backslash-escaped character (Literal), as
// latexInline does; everything else is escaped. Unclosed markers are kept
// as text.
func (o HTMLOptions) inline(s string) string {
	var b strings.Builder
	for len(s) > 0 {
		switch {
		case escaped(s):
			b.WriteString(html.EscapeString(s[1:2]))
			s = s[2:]
			continue
		case strings.HasPrefix(s, "`"):
			if end := strings.Index(s[1:], "`"); end >= 0 {
				b.WriteString("<code>" + html.EscapeString(s[1:1+end]) + "</code>")
				s = s[end+2:]
				continue
			}
		case strings.HasPrefix(s, "**"):
			if end := strings.Index(s[2:], "**"); end > 0 {
				b.WriteString("<strong>" + o.inline(s[2:2+end]) + "</strong>")
				s = s[end+4:]
				continue
			}
		case strings.HasPrefix(s, "*") && len(s) > 1 && s[1] != ' ':
			if end := strings.Index(s[1:], "*"); end > 0 {
				b.WriteString("<em>" + o.inline(s[1:1+end]) + "</em>")
				s = s[end+2:]
				continue
			}
		case strings.HasPrefix(s, "["):
			if text, target, n, ok := linkAt(s); ok {
				fmt.Fprintf(&b, "<a href=\"%s\">%s</a>", html.EscapeString(o.link(target)), o.inline(text))
				s = s[n:]
				continue
			}
		}
		r, n := utf8.DecodeRuneInString(s)
		b.WriteString(html.EscapeString(string(r)))
		s = s[n:]
	}
	return b.String()
}

// link is target as the HTML page reaches it.
func (o HTMLOptions) link(target string) string {
	if o.Link == nil || strings.Contains(target, "://") || strings.HasPrefix(target, "#") ||
		strings.HasPrefix(target, "/") || strings.HasPrefix(target, "mailto:") {
		return target
	}
	return o.Link(target)
}

// plainInline is Markdown inline text without its markers, a
// backslash-escaped character as itself, for attributes and the
// document's title.
func plainInline(s string) string { return plainText.Replace(s) }

// plainText is markers with Literal's escapes undone (at a backslash the
// pair matches first).
var plainText = strings.NewReplacer(append(pairs(true), "**", "", "`", "")...)

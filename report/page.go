package report

import (
	"fmt"
	"io"
	"path"
	"strings"

	"github.com/gridbench/gridbench/analysis"
)

// Page is one report page as a model: a study builds it from its results
// (headings, paragraphs, lists, tables, figures, its claims ledger) and the
// renderers write it as Markdown (WritePageMarkdown: paper/<id>.md), LaTeX
// (WritePageLaTeX) and JSON (WritePageJSON). Everything on a page is
// computed before it is built: no renderer computes a statistic, a verdict
// or a number, they only lay out text.
//
// Text in headings, paragraphs, list items, figure captions and table
// cells is Markdown inline text: **bold**, *emphasis*, `code` and
// [links](target); the LaTeX renderer converts exactly these.
type Page struct {
	ID     string // file stem: paper/<ID>.md
	Title  string // the page's first heading (plain text: through Literal)
	Blocks []Block
}

// Block is one part of a page: *Heading, *Paragraph, *List, *Figure,
// *Code, *Table or *Claims.
type Block interface{ block() }

// Heading starts a section; Level 2 is a section of the page (Level 1 is
// the page's title), 3 a subsection, and so on.
type Heading struct {
	Level int
	Text  string
}

// Paragraph is one paragraph of inline text; a Quote paragraph is set
// apart as a block quote (a warning such as the quick configuration's).
type Paragraph struct {
	Text  string
	Quote bool
}

// List is a bulleted list (numbered when Ordered) of inline text; Sub[i],
// when present, are item i's sub-items, a bulleted list below it.
type List struct {
	Items   []string
	Ordered bool
	Sub     [][]string
}

// Figure is an image beside the page: Path relative to the page, without
// extension's influence on LaTeX (which picks the PDF or PNG next to it).
type Figure struct {
	Path string // e.g. "figures/deadline-fig2.png"
	Alt  string // the caption and the Markdown alt text
	// Links are the same figure in other formats (e.g. the SVG), linked
	// after the image on the Markdown page.
	Links []string
}

// Code is a block of verbatim text, such as a command to run.
type Code struct {
	Lang string
	Text string
}

// Claims is a page's claims ledger section: a lead, the verdict counts and
// one row per claim (LedgerTable).
type Claims struct {
	Lead    string
	Entries []analysis.LedgerEntry
}

func (*Heading) block()   {}
func (*Paragraph) block() {}
func (*List) block()      {}
func (*Figure) block()    {}
func (*Code) block()      {}
func (*Table) block()     {}
func (*Claims) block()    {}

// Add appends blocks to the page.
func (p *Page) Add(bs ...Block) { p.Blocks = append(p.Blocks, bs...) }

// Section appends a level-2 heading.
func (p *Page) Section(text string) { p.Add(&Heading{Level: 2, Text: text}) }

// Subsection appends a level-3 heading.
func (p *Page) Subsection(text string) { p.Add(&Heading{Level: 3, Text: text}) }

// Para appends a paragraph formatted with fmt.Sprintf.
func (p *Page) Para(format string, args ...any) {
	p.Add(&Paragraph{Text: fmt.Sprintf(format, args...)})
}

// Bullets appends a bulleted list.
func (p *Page) Bullets(items ...string) { p.Add(&List{Items: items}) }

// Tables returns the page's tables in page order (the claims ledger is
// not among them: LedgerTable renders it).
func (p *Page) Tables() []*Table {
	var ts []*Table
	for _, b := range p.Blocks {
		if t, ok := b.(*Table); ok {
			ts = append(ts, t)
		}
	}
	return ts
}

// WritePageMarkdown renders p as GitHub-flavoured Markdown.
func WritePageMarkdown(w io.Writer, p *Page) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", foldLines(p.Title)) // a line break would end the heading
	for _, x := range p.Blocks {
		switch x := x.(type) {
		case *Heading:
			fmt.Fprintf(&b, "%s %s\n\n", strings.Repeat("#", max(x.Level, 2)), x.Text)
		case *Paragraph:
			if x.Quote {
				b.WriteString("> ")
			}
			b.WriteString(x.Text + "\n\n")
		case *List:
			for i, it := range x.Items {
				if x.Ordered {
					fmt.Fprintf(&b, "%d. %s\n", i+1, it)
				} else {
					b.WriteString("- " + it + "\n")
				}
				if i < len(x.Sub) {
					for _, sub := range x.Sub[i] {
						b.WriteString("  - " + sub + "\n")
					}
				}
			}
			b.WriteString("\n")
		case *Figure:
			fmt.Fprintf(&b, "![%s](%s)", x.Alt, x.Path)
			if len(x.Links) > 0 {
				links := make([]string, len(x.Links))
				for i, l := range x.Links {
					links[i] = fmt.Sprintf("[%s](%s)", strings.TrimPrefix(path.Ext(l), "."), l)
				}
				b.WriteString(" (" + strings.Join(links, ", ") + ")")
			}
			b.WriteString("\n\n")
		case *Code:
			fmt.Fprintf(&b, "```%s\n%s\n```\n\n", x.Lang, strings.TrimRight(x.Text, "\n"))
		case *Table:
			if err := WriteMarkdown(&b, x); err != nil {
				return err
			}
		case *Claims:
			if err := WriteLedgerSection(&b, x.Lead, x.Entries); err != nil {
				return err
			}
		default:
			return fmt.Errorf("page %s: block %T has no Markdown form", p.ID, x)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// jsonBlock is the JSON shape of one block: its type and that type's
// fields.
type jsonBlock struct {
	Type    string                 `json:"type"` // heading, paragraph, list, figure, code, table, claims
	Level   int                    `json:"level,omitempty"`
	Text    string                 `json:"text,omitempty"`
	Items   []string               `json:"items,omitempty"`
	Ordered bool                   `json:"ordered,omitempty"`
	Sub     [][]string             `json:"sub,omitempty"`
	Quote   bool                   `json:"quote,omitempty"`
	Path    string                 `json:"path,omitempty"`
	Links   []string               `json:"links,omitempty"`
	Lang    string                 `json:"lang,omitempty"`
	Table   *jsonTable             `json:"table,omitempty"`
	Claims  []analysis.LedgerEntry `json:"claims,omitempty"`
}

// WritePageJSON renders p as one indented JSON object {id, title, blocks},
// each block {type, ...} with tables in WriteJSON's shape and claims in
// the claims.json shape.
func WritePageJSON(w io.Writer, p *Page) error {
	out := struct {
		ID     string      `json:"id"`
		Title  string      `json:"title"`
		Blocks []jsonBlock `json:"blocks"`
	}{ID: p.ID, Title: unescape.Replace(p.Title), Blocks: []jsonBlock{}} // (a Literal title as written)
	for _, x := range p.Blocks {
		var j jsonBlock
		switch x := x.(type) {
		case *Heading:
			j = jsonBlock{Type: "heading", Level: x.Level, Text: x.Text}
		case *Paragraph:
			j = jsonBlock{Type: "paragraph", Text: x.Text, Quote: x.Quote}
		case *List:
			j = jsonBlock{Type: "list", Items: x.Items, Ordered: x.Ordered, Sub: x.Sub}
		case *Figure:
			j = jsonBlock{Type: "figure", Path: x.Path, Text: x.Alt, Links: x.Links}
		case *Code:
			j = jsonBlock{Type: "code", Lang: x.Lang, Text: x.Text}
		case *Table:
			t := toJSON(x)
			j = jsonBlock{Type: "table", Table: &t}
		case *Claims:
			j = jsonBlock{Type: "claims", Text: x.Lead, Claims: x.Entries}
		default:
			return fmt.Errorf("page %s: block %T has no JSON form", p.ID, x)
		}
		out.Blocks = append(out.Blocks, j)
	}
	return writeIndented(w, out)
}

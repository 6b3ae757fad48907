package report

import (
	"fmt"
	"io"
	"strings"
)

// WriteMarkdown renders t as a GitHub-flavoured Markdown table, numbers
// right-aligned, best cells bold, problem cells marked.
func WriteMarkdown(w io.Writer, t *Table) error {
	var b strings.Builder
	if t.Title != "" {
		fmt.Fprintf(&b, "**%s**\n\n", t.Title)
	}
	b.WriteString("|")
	for _, c := range t.Columns {
		b.WriteString(" " + escape(c) + " |")
	}
	b.WriteString("\n|")
	for i := range t.Columns {
		if columnIsNumeric(t, i) {
			b.WriteString("---:|")
		} else {
			b.WriteString("---|")
		}
	}
	b.WriteString("\n")
	for _, row := range t.Rows {
		b.WriteString("|")
		for _, c := range row {
			s := escape(c.Text)
			if c.Plain {
				s = MarkdownLiteral(c.Text)
			}
			if c.Best && s != "" {
				s = "**" + s + "**"
			}
			b.WriteString(" " + s + " |")
		}
		b.WriteString("\n")
	}
	for _, n := range t.Notes {
		b.WriteString("\n" + n + "\n")
	}
	b.WriteString("\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func columnIsNumeric(t *Table, i int) bool {
	n := 0
	for _, row := range t.Rows {
		if i < len(row) && row[i].Num {
			n++
		}
	}
	return n > 0 && n*2 >= len(t.Rows)
}

// escape keeps s in its cell of a Markdown table row: a pipe would end
// the cell, a line break the row.
func escape(s string) string {
	return strings.ReplaceAll(foldLines(s), "|", `\|`)
}

// foldLines puts s on one line: each line break becomes a space.
func foldLines(s string) string {
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	return lineBreaks.Replace(s)
}

var lineBreaks = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ")

// MarkdownCell is s as one cell of a Markdown table row, as every table
// of the pages escapes its cells: pipes escaped, line breaks folded to
// spaces.
func MarkdownCell(s string) string { return escape(s) }

// markup backslash-escapes the characters Markdown (and the HTML it lets
// through) would read as markup in running text.
var markup = strings.NewReplacer(`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`,
	"<", `\<`, ">", `\>`, "&", `\&`, "#", `\#`, "~", `\~`)

// MarkdownLiteral is plain text s (a study's title, a headline: text that
// is not Markdown) as a Markdown table cell that shows it as written: its
// markup characters escaped (a title "*x* <b>" is not emphasis and bold),
// then escaped as a cell (MarkdownCell).
func MarkdownLiteral(s string) string { return MarkdownCell(markup.Replace(s)) }

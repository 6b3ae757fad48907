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

func escape(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

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

// markupChars are the characters Markdown (and the HTML it lets through)
// would read as markup in running text: Literal backslash-escapes them,
// and the HTML and LaTeX renderers read such a pair as the character.
const markupChars = "\\`*_[]<>&#~"

// escaped reports whether s begins with a character Literal escaped: a
// backslash and one of markupChars.
func escaped(s string) bool {
	return len(s) > 1 && s[0] == '\\' && strings.IndexByte(markupChars, s[1]) >= 0
}

// linkAt reads a Markdown link, [text](target), at the start of s, and
// the bytes it takes: the text runs to the bracket that closes the first
// (brackets nest inside it; a backslash-escaped one is text), and the
// target from the parenthesis right after that bracket to the next
// closing one. A bracket whose closing one no "(" follows is no link, so
// that a link after it in the line is read as its own: "[x] and [y](u)"
// is the text "[x] and " and a link y (taking the text up to the line's
// first "](" made it one link, "x] and [y").
func linkAt(s string) (text, target string, n int, ok bool) {
	if !strings.HasPrefix(s, "[") {
		return "", "", 0, false
	}
	depth := 0
	for i := 0; i < len(s); i++ {
		switch {
		case escaped(s[i:]):
			i++
		case s[i] == '[':
			depth++
		case s[i] == ']':
			if depth--; depth > 0 {
				continue
			}
			rest := s[i+1:]
			end := strings.IndexByte(rest, ')')
			if !strings.HasPrefix(rest, "(") || end < 0 {
				return "", "", 0, false
			}
			return s[1:i], rest[1:end], i + 2 + end, true
		}
	}
	return "", "", 0, false
}

// markup escapes markupChars; unescape undoes it.
var markup, unescape = strings.NewReplacer(pairs(false)...), strings.NewReplacer(pairs(true)...)

// pairs are markup's replacement pairs (old, new, ...), or unescape's.
func pairs(undo bool) []string {
	var out []string
	for _, c := range markupChars {
		if undo {
			out = append(out, `\`+string(c), string(c))
		} else {
			out = append(out, string(c), `\`+string(c))
		}
	}
	return out
}

// Literal is plain text s (a study file's title: anything its author
// wrote) as Markdown inline text that shows it as written, in every
// rendering: its markup characters backslash-escaped (a title "*x* <b>" is
// not emphasis and bold), which the HTML and LaTeX renderers read as
// Markdown does, and its line breaks folded to spaces.
func Literal(s string) string { return markup.Replace(foldLines(s)) }

// MarkdownLiteral is plain text s as a Markdown table cell that shows it
// as written (Literal, then MarkdownCell).
func MarkdownLiteral(s string) string { return MarkdownCell(Literal(s)) }

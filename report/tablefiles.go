package report

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/gridbench/gridbench/analysis"
)

// WriteTableFiles writes every table as <dir>/<id>.tex (WriteLaTeX) and
// <dir>/<id>.json (WriteJSON), each atomically, with the id made a file
// name (TableFileName) and kept unique. dir belongs to these files: a .tex
// or .json left there by an earlier run whose table is gone is removed.
// It returns the names written, relative to dir, in table order.
func WriteTableFiles(dir string, tables []*Table) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("tables: %w", err)
	}
	var names []string
	keep := map[string]bool{}
	for _, t := range tables {
		base := TableFileName(t.ID)
		name := base
		for k := 2; keep[strings.ToLower(name)+".tex"]; k++ {
			name = fmt.Sprintf("%s-%d", base, k)
		}
		for _, r := range []struct {
			ext   string
			write func(io.Writer, *Table) error
		}{{".tex", WriteLaTeX}, {".json", WriteJSON}} {
			keep[strings.ToLower(name)+r.ext] = true
			if err := analysis.WriteFileAtomic(filepath.Join(dir, name+r.ext), func(w io.Writer) error { return r.write(w, t) }); err != nil {
				return names, fmt.Errorf("table %s: %w", t.ID, err)
			}
			names = append(names, name+r.ext)
		}
	}
	old, err := os.ReadDir(dir)
	if err != nil {
		return names, fmt.Errorf("tables: %w", err)
	}
	for _, e := range old {
		n := e.Name()
		if e.Type().IsRegular() && (strings.HasSuffix(n, ".tex") || strings.HasSuffix(n, ".json")) && !keep[strings.ToLower(n)] {
			if err := os.Remove(filepath.Join(dir, n)); err != nil {
				return names, fmt.Errorf("tables: stale %w", err)
			}
		}
	}
	return names, nil
}

// TableFileName makes a table id a portable file name: letters, digits,
// '.', '_' and '-' kept, runs of anything else one '-'; "table" when
// nothing is left.
func TableFileName(id string) string {
	var b strings.Builder
	dash := false
	for _, r := range id {
		ok := r < 128 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-')
		switch {
		case ok:
			b.WriteRune(r)
			dash = false
		case !dash:
			b.WriteByte('-')
			dash = true
		}
	}
	s := strings.Trim(b.String(), "-.")
	if s == "" {
		return "table"
	}
	return s
}

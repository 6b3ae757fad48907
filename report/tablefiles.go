package report

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gridbench/gridbench/analysis"
)

// A TableForm is one file form of a table: the files' extension (with
// its dot) and the writer.
type TableForm struct {
	Ext   string
	Write func(io.Writer, *Table) error
}

// WriteTableFiles writes every table as <dir>/<id><ext> in each of forms
// (with none, as .tex by WriteLaTeX and .json by WriteJSON), each
// atomically, with the id made a file name (TableFileName) and kept
// unique. dir belongs to these files: a file with one of the forms'
// extensions left there by an earlier run whose table is gone is removed.
// It returns the names written, relative to dir, in table order.
func WriteTableFiles(dir string, tables []*Table, forms ...TableForm) ([]string, error) {
	if len(forms) == 0 {
		forms = []TableForm{{".tex", WriteLaTeX}, {".json", WriteJSON}}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("tables: %w", err)
	}
	var names []string
	taken := map[string]bool{} // names without extension, lower case
	keep := map[string]bool{}
	for _, t := range tables {
		base := TableFileName(t.ID)
		name := base
		for k := 2; taken[strings.ToLower(name)]; k++ {
			name = fmt.Sprintf("%s-%d", base, k)
		}
		taken[strings.ToLower(name)] = true
		for _, f := range forms {
			keep[strings.ToLower(name+f.Ext)] = true
			if err := analysis.WriteFileAtomic(filepath.Join(dir, name+f.Ext), func(w io.Writer) error { return f.Write(w, t) }); err != nil {
				return names, fmt.Errorf("table %s: %w", t.ID, err)
			}
			names = append(names, name+f.Ext)
		}
	}
	old, err := os.ReadDir(dir)
	if err != nil {
		return names, fmt.Errorf("tables: %w", err)
	}
	for _, e := range old {
		n := e.Name()
		ours := slices.ContainsFunc(forms, func(f TableForm) bool { return strings.HasSuffix(n, f.Ext) })
		if e.Type().IsRegular() && ours && !keep[strings.ToLower(n)] {
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

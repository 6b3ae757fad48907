package pipeline

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"sync"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/report"
)

// A Format is one form the report is written in. Reproduce writes every
// registered format and verify's re-rendering (Rerender) writes them all
// again to compare, so a format is written and checked once it is
// registered. Each format is one file that calls RegisterFormat in its
// init function (markdown.go, latex.go, json.go, html.go, claims.go,
// tables.go, index.go, workbook.go in this package): adding a format is
// adding such a file, and no list elsewhere names the formats. A format
// fills in what it writes; the files it writes are found and recorded in
// the outputs manifest without being named anywhere.
type Format struct {
	// Study writes one study's report in this form below the output
	// folder: t says where, rep is what the study's report produced (its
	// page model, sheets, comparisons and claims ledger). Its files
	// belong to the study: below results/<study>/, or below paper/ with a
	// name starting with "<study>." or "<study>-" (see owner).
	Study func(t Target, rep *experiments.ReportOutput) error

	// TableExt and Table write one of a study's tables in this form: the
	// tables format writes each of them as
	// results/<study>/tables/<id><TableExt>.
	TableExt string
	Table    func(w io.Writer, t *report.Table) error

	// Shared writes a file holding several studies below the output
	// folder out, once their reports are written.
	Shared func(out string, outcomes []*Outcome) error
	// Cumulative says that Shared keeps what it holds of the studies
	// reproduced into out before (the index), so verify re-renders it
	// from every study the outputs manifest lists. Otherwise it holds the
	// studies it is given and no others (the workbook): verify re-renders
	// it from the studies the outputs manifest says it holds, when all of
	// them can be. (Reproduce gives the workbook the studies it ran and
	// those it held before, their reports made again: see reportsOf.)
	Cumulative bool
}

// A Target is where one study's report is written.
type Target struct {
	Out   string // the output folder written to
	Study string // the study's name
	// Home is the output folder the files belong to, which the LaTeX
	// fragment names by absolute path: Out itself, except when verify
	// re-renders them into a temporary folder to compare with Home's.
	Home string
}

// PaperDir is the folder of the Markdown pages, their figures and the
// claims files.
func (t Target) PaperDir() string { return PaperDir(t.Out) }

// PageDir is the folder of the study's page in its other forms,
// results/<study>/page.
func (t Target) PageDir() string { return filepath.Join(ResultsDir(t.Out, t.Study), "page") }

var formats struct {
	mu     sync.RWMutex
	byName map[string]Format
}

// RegisterFormat registers the output format f under name; it panics when
// name is taken or f writes nothing (programming errors).
func RegisterFormat(name string, f Format) {
	if f.Study == nil && f.Table == nil && f.Shared == nil {
		panic(fmt.Sprintf("pipeline: format %q writes nothing (no Study, Table or Shared)", name))
	}
	if (f.Table == nil) != (f.TableExt == "") {
		panic(fmt.Sprintf("pipeline: format %q: Table and TableExt go together", name))
	}
	formats.mu.Lock()
	defer formats.mu.Unlock()
	if _, dup := formats.byName[name]; dup {
		panic(fmt.Sprintf("pipeline: format %q registered twice", name))
	}
	if formats.byName == nil {
		formats.byName = map[string]Format{}
	}
	formats.byName[name] = f
}

// Formats lists the registered output formats by name.
func Formats() []string {
	formats.mu.RLock()
	defer formats.mu.RUnlock()
	names := make([]string, 0, len(formats.byName))
	for n := range formats.byName {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// registered returns the registered formats in the order of their names,
// the order they are written in.
func registered() []Format {
	names := Formats()
	formats.mu.RLock()
	defer formats.mu.RUnlock()
	fs := make([]Format, len(names))
	for i, n := range names {
		fs[i] = formats.byName[n]
	}
	return fs
}

// writeReport writes one study's report files below out in every
// registered format: its page in every form, its claims file, its
// tables. Reproduce and verify's re-rendering (Rerender) both write them
// here; home is Target.Home.
func writeReport(out, home, exp string, rep *experiments.ReportOutput) error {
	m := rep.Model
	if m == nil || m.ID == "" {
		return fmt.Errorf("report: %s built no page model (ReportOutput.Model with an ID)", exp)
	}
	rep.Page = m.ID + ".md"
	t := Target{Out: out, Study: exp, Home: home}
	for _, f := range registered() {
		if f.Study == nil {
			continue
		}
		if err := f.Study(t, rep); err != nil {
			return err
		}
	}
	return nil
}

// WritePage writes rep below the output folder out in every registered
// format, as Reproduce does: the Markdown page under paper/, its LaTeX,
// JSON and HTML forms under results/<exp>/page/, the claims ledger as
// paper/<exp>.claims.json, the tables under results/<exp>/tables/; each
// file is written atomically.
func WritePage(out, exp string, rep *experiments.ReportOutput) error {
	return writeReport(out, out, exp, rep)
}

// writeShared writes the files of several studies below out (the report
// index, the workbook: every registered format with a Shared writer that
// pick accepts), at once. Reproduce and Rerender both write them here.
func writeShared(out string, outcomes []*Outcome, pick func(Format) bool) error {
	fs := registered()
	errs := make([]error, len(fs))
	var all sync.WaitGroup
	for i, f := range fs {
		if f.Shared != nil && pick(f) {
			all.Go(func() { errs[i] = f.Shared(out, outcomes) })
		}
	}
	all.Wait()
	return errors.Join(errs...)
}

// everyShared picks every shared format; cumulative those that keep the
// studies reproduced before, single the others.
func everyShared(Format) bool  { return true }
func cumulative(f Format) bool { return f.Cumulative }
func single(f Format) bool     { return !f.Cumulative }

// writeFile writes the file p atomically (creating its folder), its error
// marked as the report's.
func writeFile(p string, write func(io.Writer) error) error {
	if err := analysis.WriteFileAtomic(p, write); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	return nil
}

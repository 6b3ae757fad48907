package pipeline

import (
	"archive/zip"
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"
	"golang.org/x/sync/errgroup"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/experiments/filestudy"
	"github.com/gridbench/gridbench/plots"
)

// resultFiles are the files Execute writes in results/<exp>/: what a
// report is made from, verified run by run (bench.Verify), not
// re-rendered.
var resultFiles = []string{"runs.csv", "series.csv", "timings.csv", "manifest.json"}

// isRunFile says whether p, a file of study name's, is one its runs write
// (a jobs file, below results/<name>/jobs/), not its report: verify checks
// its digest (CheckOutputs) and does not re-render it.
func isRunFile(name, p string) bool {
	return strings.HasPrefix(p, "results/"+name+"/"+filestudy.JobsDir+"/")
}

// Rerender renders again, into a temporary folder, the report of every
// study the outputs manifest o of the output folder out lists with one
// (its pages, claims files, tables, figures), from the runs.csv,
// series.csv, timings.csv and manifest.json on disk, in every registered
// format (RegisterFormat) as Reproduce writes them, then the index and
// the workbook; and compares each file the manifest lists with its
// re-rendering: text line by line (the first difference, with its line),
// the workbook cell by cell, other files (PNG, PDF) byte for byte. A file
// re-rendered that the manifest does not list is a difference too. plan
// returns a study's plan as it made the results on disk (nil and an
// error when it cannot be rebuilt: the study is reported and skipped).
// read holds the runs.csv and series.csv of results folders already read
// (bench.VerifyReport.Read), which are not read again; nil, every one is.
// It returns the differences and the number of files compared; the error
// is for what stops it (cancellation, no temporary folder).
func Rerender(ctx context.Context, out string, o *Outputs, plan func(study string) (experiments.Plan, error), workers int,
	read map[string]bench.ReadResults) ([]OutputProblem, int, error) {
	tmp, err := os.MkdirTemp("", "gridbench-verify-")
	if err != nil {
		return nil, 0, err
	}
	defer os.RemoveAll(tmp)
	if err := os.MkdirAll(filepath.Join(PaperDir(tmp), "figures"), 0o755); err != nil {
		return nil, 0, err
	}
	var ps []OutputProblem
	// The studies by their figure formats: AlsoWrite is process-wide.
	byFormats := map[string][]*OutputStudy{}
	var keys []string
	reports := 0
	for i := range o.Studies {
		s := &o.Studies[i]
		if !s.Report {
			continue
		}
		reports++
		k := strings.Join(s.Formats, ",")
		if byFormats[k] == nil {
			keys = append(keys, k)
		}
		byFormats[k] = append(byFormats[k], s)
	}
	sort.Strings(keys)
	outcomes := map[string]*Outcome{}
	for _, k := range keys {
		studies := byFormats[k]
		restore, err := plots.AlsoWrite(studies[0].Formats...)
		if err != nil {
			return nil, 0, err
		}
		got := make([]*Outcome, len(studies))
		errs := make([]error, len(studies))
		g, gctx := errgroup.WithContext(ctx)
		if workers <= 0 {
			workers = runtime.NumCPU()
		}
		g.SetLimit(workers)
		for i, s := range studies {
			g.Go(func() error {
				got[i], errs[i] = rerenderStudy(gctx, out, cmp.Or(s.Home, o.Home, out), tmp, s.Name, plan, read)
				return gctx.Err()
			})
		}
		werr := g.Wait()
		restore()
		if werr != nil {
			return nil, 0, werr
		}
		for i, s := range studies {
			if errs[i] != nil {
				ps = append(ps, OutputProblem{ResultsDir(out, s.Name), fmt.Sprintf("its report cannot be re-rendered: %v", errs[i])})
				continue
			}
			outcomes[s.Name] = got[i]
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, 0, err
	}
	// The shared files, as the last reproduce wrote them: a cumulative
	// format (the index, which keeps the entries of studies reproduced
	// before) from every study, the others (the workbook) from the
	// studies it ran.
	var inIndex, inBook []*Outcome
	for _, s := range o.Studies {
		if oc := outcomes[s.Name]; oc != nil {
			inIndex = append(inIndex, oc)
		}
	}
	complete := true
	for _, n := range o.Workbook {
		oc := outcomes[n]
		complete = complete && oc != nil
		inBook = append(inBook, oc)
	}
	if len(inIndex) > 0 {
		if err := writeShared(tmp, inIndex, cumulative); err != nil {
			return nil, 0, err
		}
	}
	switch {
	case complete && len(inBook) > 0:
		if err := writeShared(tmp, inBook, single); err != nil {
			return nil, 0, err
		}
	case !complete:
		ps = append(ps, OutputProblem{WorkbookPath(out), "not re-rendered: a study it holds could not be (above)"})
	}

	// Compare: every listed file of a re-rendered study and every shared
	// file re-rendered, then what was re-rendered and is not listed.
	listed := map[string]bool{}
	compared := 0
	cmpFile := func(f OutputFile) {
		listed[f.Path] = true
		rendered := filepath.Join(tmp, filepath.FromSlash(f.Path))
		disk := filepath.Join(out, filepath.FromSlash(f.Path))
		if _, err := os.Stat(rendered); err != nil {
			ps = append(ps, OutputProblem{disk, "listed in the outputs manifest, but its re-rendering does not write it"})
			return
		}
		compared++
		if text := compareFiles(disk, rendered); text != "" {
			ps = append(ps, OutputProblem{disk, text})
		}
	}
	for _, s := range o.Studies {
		if outcomes[s.Name] == nil {
			continue
		}
		for _, f := range s.Files {
			if dir, name := path.Split(f.Path); dir == "results/"+s.Name+"/" && slices.Contains(resultFiles, name) || isRunFile(s.Name, f.Path) {
				continue
			}
			cmpFile(f)
		}
	}
	for _, f := range o.Shared {
		if p := filepath.Join(tmp, filepath.FromSlash(f.Path)); fileExists(p) || len(outcomes) == reports {
			cmpFile(f)
		}
	}
	filepath.WalkDir(tmp, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		rel := slashRel(tmp, p)
		if !listed[rel] && !strings.HasPrefix(d.Name(), ".") {
			ps = append(ps, OutputProblem{filepath.Join(out, filepath.FromSlash(rel)), "its study's re-rendering writes it, but the outputs manifest does not list it"})
		}
		return nil
	})
	return ps, compared, nil
}

// rerenderStudy renders study name's report from its results below out
// into the output folder tmp, as Reproduce did into home.
func rerenderStudy(ctx context.Context, out, home, tmp, name string, plan func(string) (experiments.Plan, error), read map[string]bench.ReadResults) (*Outcome, error) {
	p, err := plan(name)
	if err != nil {
		return nil, err
	}
	dir := ResultsDir(out, name)
	o, err := reportOf(ctx, p, dir, tmp, name, read[filepath.Clean(dir)])
	if err != nil {
		return nil, err
	}
	if err := writeReport(tmp, home, name, o.Report); err != nil {
		return nil, err
	}
	return o, nil
}

// readResult reads the results a report is made from back from dir, but
// for runs.csv and series.csv where read holds them (read already).
func readResult(dir string, read bench.ReadResults) (*bench.Result, error) {
	res := &bench.Result{}
	var err error
	if res.Manifest, err = analysis.ReadManifest(filepath.Join(dir, "manifest.json")); err != nil {
		return nil, err
	}
	if read.Records != nil {
		res.Records, res.Series = read.Records, read.Series
	} else {
		if res.Records, err = analysis.ReadFile(filepath.Join(dir, "runs.csv")); err != nil {
			return nil, err
		}
		if res.Series, err = analysis.ReadSeriesFile(filepath.Join(dir, "series.csv")); err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
	}
	if res.Timings, err = analysis.ReadFile(filepath.Join(dir, "timings.csv")); err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	return res, nil
}

// compareFiles returns "" when the file on disk is its re-rendering, else
// where they first differ: a text file's line, a workbook's cell, another
// file's digests.
func compareFiles(disk, rendered string) string {
	a, err := os.ReadFile(disk)
	if err != nil {
		return err.Error()
	}
	b, err := os.ReadFile(rendered)
	if err != nil {
		return err.Error()
	}
	if bytes.Equal(a, b) {
		return ""
	}
	switch strings.ToLower(filepath.Ext(disk)) {
	case ".xlsx":
		if sameZip(a, b) {
			return "" // the same parts, stored in another order
		}
		return compareWorkbooks(disk, rendered)
	case ".md", ".json", ".tex", ".csv", ".svg", ".html", ".txt", ".xml":
		return firstLineDiff(a, b)
	}
	if isText(a) && isText(b) { // a registered format's text, whatever its name
		return firstLineDiff(a, b)
	}
	return fmt.Sprintf("differs from its re-rendering (sha256 %s on disk, %s re-rendered)", short(a), short(b))
}

// isText reports whether b reads as text: UTF-8 with no NUL byte (a PNG
// has some in its first chunk's length).
func isText(b []byte) bool {
	return utf8.Valid(b) && !bytes.ContainsRune(b, 0)
}

func short(b []byte) string {
	sum, _ := analysis.ReaderSHA256(bytes.NewReader(b))
	return analysis.Short(sum)
}

// firstLineDiff names the first line where a (on disk) and b
// (re-rendered) differ (bench.FirstLineDiff).
func firstLineDiff(a, b []byte) string {
	return bench.FirstLineDiff(a, b, "re-rendered", "re-rendering")
}

// sameZip reports whether two zip archives (workbooks) hold the same
// files with the same content: a workbook written before
// report.WriteWorkbook fixed the order of its parts stored them in map
// order, and reading every cell of both costs far more.
func sameZip(a, b []byte) bool {
	za, err := zip.NewReader(bytes.NewReader(a), int64(len(a)))
	if err != nil {
		return false
	}
	zb, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil || len(za.File) != len(zb.File) {
		return false
	}
	parts := map[string]*zip.File{}
	for _, f := range zb.File {
		parts[f.Name] = f
	}
	read := func(f *zip.File) ([]byte, error) {
		r, err := f.Open()
		if err != nil {
			return nil, err
		}
		defer r.Close()
		return io.ReadAll(r)
	}
	for _, f := range za.File {
		g := parts[f.Name]
		if g == nil || f.CRC32 != g.CRC32 || f.UncompressedSize64 != g.UncompressedSize64 {
			return false
		}
		x, err := read(f)
		if err != nil {
			return false
		}
		y, err := read(g)
		if err != nil || !bytes.Equal(x, y) {
			return false
		}
	}
	return true
}

// compareWorkbooks names the first sheet or cell whose value differs.
func compareWorkbooks(disk, rendered string) string {
	a, err := excelize.OpenFile(disk)
	if err != nil {
		return fmt.Sprintf("unreadable as a workbook (%v)", err)
	}
	defer a.Close()
	b, err := excelize.OpenFile(rendered)
	if err != nil {
		return fmt.Sprintf("its re-rendering is unreadable (%v)", err)
	}
	defer b.Close()
	sa, sb := a.GetSheetList(), b.GetSheetList()
	if !slices.Equal(sa, sb) {
		return fmt.Sprintf("sheets %q, its re-rendering has %q", sa, sb)
	}
	for _, sheet := range sa {
		ra, err := a.GetRows(sheet)
		if err != nil {
			return fmt.Sprintf("sheet %s: %v", sheet, err)
		}
		rb, err := b.GetRows(sheet)
		if err != nil {
			return fmt.Sprintf("sheet %s of its re-rendering: %v", sheet, err)
		}
		for r := range max(len(ra), len(rb)) {
			var x, y []string
			if r < len(ra) {
				x = ra[r]
			}
			if r < len(rb) {
				y = rb[r]
			}
			for c := range max(len(x), len(y)) {
				var u, v string
				if c < len(x) {
					u = x[c]
				}
				if c < len(y) {
					v = y[c]
				}
				if u != v {
					cell, _ := excelize.CoordinatesToCellName(c+1, r+1)
					return fmt.Sprintf("sheet %s cell %s: %q on disk, %q re-rendered", sheet, cell, u, v)
				}
			}
		}
	}
	return "" // same values; the bytes differ (zip metadata)
}

func slashRel(base, p string) string {
	rel, err := filepath.Rel(base, p)
	if err != nil {
		return filepath.ToSlash(p)
	}
	return filepath.ToSlash(rel)
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

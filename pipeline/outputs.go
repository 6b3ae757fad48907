package pipeline

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/experiments"
)

// Outputs is the outputs manifest, results/outputs.json below
// Options.Out: every file a reproduction wrote there (results, pages,
// claims files, tables, figures, workbook, index), by study, with its
// SHA-256, so that verify names a study or a file that went missing or
// changed, and knows what to re-render. The files are found from what
// Reproduce wrote, not from a list of names: a new output format is
// covered without a change here.
type Outputs struct {
	Tool    string `json:"tool"`
	Version string `json:"version"`
	// Home is the absolute folder the files were written to: the LaTeX
	// fragments name their figures' folder by it, so verify re-renders
	// them as written there even when the folder has since moved.
	Home    string        `json:"home,omitempty"`
	Studies []OutputStudy `json:"studies"`
	// Shared are files no single study owns: paper/README.md,
	// paper/index.json, results/gridbench.xlsx.
	Shared []OutputFile `json:"shared,omitempty"`
	// Workbook lists the studies results/gridbench.xlsx holds, in its order.
	Workbook []string `json:"workbook_studies,omitempty"`
}

// OutputStudy is one study's files: those below results/<name>/, and
// those below paper/ named after it (<name>.md, <name>.claims.json,
// figures/<name>-*).
type OutputStudy struct {
	Name string `json:"name"`
	// Report is whether its report (pages, tables, figures) was written.
	Report bool `json:"report"`
	// Formats are the figure formats written besides each figure's own
	// (reproduce --formats, e.g. pdf).
	Formats []string `json:"figure_formats,omitempty"`
	// Home is the output folder's absolute path when its report was
	// written, which its LaTeX names (Outputs.Home when absent): a study
	// a later run in the moved folder did not run keeps its own.
	Home  string       `json:"home,omitempty"`
	Files []OutputFile `json:"files"`
}

// OutputFile is a file below the output folder and the SHA-256 of its
// content, hex. Path is slash-separated, relative to the output folder.
type OutputFile struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
}

// OutputsPath is the outputs manifest of the output folder out.
func OutputsPath(out string) string { return filepath.Join(out, "results", "outputs.json") }

// ReadOutputs reads an outputs manifest.
func ReadOutputs(p string) (*Outputs, error) {
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	var o Outputs
	if err := json.Unmarshal(b, &o); err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	if err := o.below(); err != nil {
		return nil, fmt.Errorf("%s: %w: not an outputs manifest gridbench wrote", p, err)
	}
	return &o, nil
}

// below checks that the manifest names only what lies below its folder:
// verify, run on a folder someone else wrote, reads each file by its path
// and re-renders each study into a folder of its name.
func (o *Outputs) below() error {
	file := func(f OutputFile) error {
		if !filepath.IsLocal(filepath.FromSlash(f.Path)) {
			return fmt.Errorf("file %q lies outside the output folder", f.Path)
		}
		return nil
	}
	for _, s := range o.Studies {
		if s.Name == "" || !filepath.IsLocal(s.Name) || strings.ContainsAny(s.Name, `/\`) {
			return fmt.Errorf("study %q: a study's name is the name of one folder", s.Name)
		}
		for _, f := range s.Files {
			if err := file(f); err != nil {
				return err
			}
		}
	}
	for _, f := range o.Shared {
		if err := file(f); err != nil {
			return err
		}
	}
	return nil
}

// Study returns the entry of the study named name, or nil.
func (o *Outputs) Study(name string) *OutputStudy {
	for i := range o.Studies {
		if o.Studies[i].Name == name {
			return &o.Studies[i]
		}
	}
	return nil
}

// snapshot is what the output folder held at one moment: each file's
// identity, so that a file written since (renamed into place, or
// rewritten) is told from one left alone.
type snapshot map[string]fs.FileInfo // slash path relative to out

// takeSnapshot lists the files below out/results and out/paper, leaving
// out hidden files (locks, temporary files), the journal of an
// interrupted run and the outputs manifest itself.
func takeSnapshot(out string) snapshot {
	s := snapshot{}
	for _, top := range []string{"results", "paper"} {
		filepath.WalkDir(filepath.Join(out, top), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil // a folder that went away: nothing to list
			}
			if strings.HasPrefix(d.Name(), ".") {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if !d.Type().IsRegular() || d.Name() == "runs.journal" {
				return nil
			}
			rel, err := filepath.Rel(out, p)
			if err != nil || p == OutputsPath(out) {
				return nil
			}
			if fi, err := d.Info(); err == nil {
				s[filepath.ToSlash(rel)] = fi
			}
			return nil
		})
	}
	return s
}

// written lists the files of after that are not in before or are not the
// same file (an atomic write renames a new file into place) or changed.
func written(before, after snapshot) []string {
	var ps []string
	for p, fi := range after {
		b, ok := before[p]
		if !ok || !os.SameFile(b, fi) || !b.ModTime().Equal(fi.ModTime()) || b.Size() != fi.Size() {
			ps = append(ps, p)
		}
	}
	sort.Strings(ps)
	return ps
}

// owner is the study a written file belongs to: results/<name>/... is
// name's, a file below paper/ whose name starts with "<name>." or
// "<name>-" is that of the longest such name; "" for a shared file.
func owner(p string, names []string) string {
	parts := strings.Split(p, "/")
	if parts[0] == "results" && len(parts) > 2 {
		return parts[1]
	}
	best := ""
	base := path.Base(p)
	for _, n := range names {
		if len(n) > len(best) && (strings.HasPrefix(base, n+".") || strings.HasPrefix(base, n+"-")) {
			best = n
		}
	}
	return best
}

// studyNames are the names a file of the folder may be a study's by
// (owner): the registered experiments' and the studies o lists.
func (o *Outputs) studyNames() []string {
	names := slices.Clone(experiments.Names())
	for _, s := range o.Studies {
		names = append(names, s.Name)
	}
	return names
}

// writeOutputs records what this reproduction wrote below opts.Out (the
// files changed since before) in the outputs manifest, keeping the
// entries of the studies it did not run (reproduce --only): a study that
// ran has its entry replaced; one whose report was not written this time
// keeps its earlier report files listed, which verify then checks against
// its new results.
func writeOutputs(opts Options, before snapshot, outcomes, book []*Outcome) error {
	out := opts.Out
	prev, err := ReadOutputs(OutputsPath(out))
	if err != nil {
		prev = &Outputs{} // none yet, or unreadable: rebuilt from what this run wrote
	}
	names := prev.studyNames()
	ran := map[string]*OutputStudy{}
	for _, o := range outcomes {
		names = append(names, o.Name)
		ran[o.Name] = &OutputStudy{Name: o.Name, Report: opts.Report && o.Report != nil}
		if ran[o.Name].Report {
			ran[o.Name].Formats = slices.Clone(opts.Formats)
		}
	}
	digest := func(p string) (OutputFile, error) {
		sum, err := analysis.FileSHA256(filepath.Join(out, filepath.FromSlash(p)))
		return OutputFile{Path: p, SHA256: sum}, err
	}
	now := &Outputs{Tool: "gridbench", Version: opts.Version, Workbook: prev.Workbook}
	if now.Home, err = filepath.Abs(out); err != nil {
		return err
	}
	wrote := map[string]bool{}
	for _, p := range written(before, takeSnapshot(out)) {
		s := ran[owner(p, names)]
		if s == nil && owner(p, names) != "" {
			continue // a study that failed: its entry stays as it was
		}
		f, err := digest(p)
		if err != nil {
			return fmt.Errorf("outputs manifest: %w", err)
		}
		wrote[p] = true
		if s == nil {
			now.Shared = append(now.Shared, f)
		} else {
			s.Files = append(s.Files, f)
		}
	}
	for _, f := range prev.Shared {
		if !wrote[f.Path] {
			now.Shared = append(now.Shared, f)
		}
	}
	// The files of the runs it did not execute now: a reused run's as the
	// last manifest listed it (an edit since then stays a difference),
	// else, and for runs merged from shards (which wrote them anew), as
	// they are.
	listed := map[string]OutputFile{}
	for _, s := range prev.Studies {
		for _, f := range s.Files {
			listed[f.Path] = f
		}
	}
	for _, o := range outcomes {
		for _, abs := range o.RunFiles {
			p := slashRel(out, abs)
			if wrote[p] {
				continue
			}
			f, ok := listed[p]
			if !ok || opts.Merge {
				if f, err = digest(p); errors.Is(err, os.ErrNotExist) {
					continue // a run that failed wrote none
				} else if err != nil {
					return fmt.Errorf("outputs manifest: %w", err)
				}
			}
			wrote[p] = true
			ran[o.Name].Files = append(ran[o.Name].Files, f)
		}
	}
	for _, r := range ran {
		if r.Report {
			r.Home = now.Home
		}
	}
	for _, s := range prev.Studies {
		r, ok := ran[s.Name]
		switch {
		case !ok:
			s.Home = cmp.Or(s.Home, prev.Home)
			now.Studies = append(now.Studies, s)
		case !r.Report && s.Report:
			// Runs only (gridbench run): the report files of before stay listed.
			r.Report, r.Formats, r.Home = true, s.Formats, cmp.Or(s.Home, prev.Home)
			for _, f := range s.Files {
				if !wrote[f.Path] && !strings.HasPrefix(f.Path, "results/"+s.Name+"/") {
					r.Files = append(r.Files, f)
				}
			}
		}
	}
	for _, r := range ran {
		now.Studies = append(now.Studies, *r)
	}
	if opts.Report && len(outcomes) > 0 {
		now.Workbook = nil
		for _, o := range book {
			now.Workbook = append(now.Workbook, o.Name)
		}
	}
	sort.Slice(now.Studies, func(i, j int) bool { return now.Studies[i].Name < now.Studies[j].Name })
	for i := range now.Studies {
		sortFiles(now.Studies[i].Files)
	}
	sortFiles(now.Shared)
	return analysis.WriteFileAtomic(OutputsPath(out), func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(now)
	})
}

func sortFiles(fs []OutputFile) {
	sort.Slice(fs, func(i, j int) bool { return fs[i].Path < fs[j].Path })
}

// OutputProblem is a difference between the output folder and its
// outputs manifest, or between a file and its re-rendering. File is the
// file it is about.
type OutputProblem struct {
	File string
	Text string
}

// CheckOutputs compares the output folder out with its outputs manifest,
// re-computing nothing: every study it lists has its results folder,
// every file it lists is there with the SHA-256 it records, every figure
// file of a study it lists is listed (unlistedFigures), and every
// results/<exp>/ folder on disk is listed. It returns the manifest (nil
// when it cannot be read) and the differences.
func CheckOutputs(out string) (*Outputs, []OutputProblem) {
	mp := OutputsPath(out)
	o, err := ReadOutputs(mp)
	if errors.Is(err, os.ErrNotExist) {
		return nil, []OutputProblem{{mp, "missing: nothing records which studies and files this folder holds " +
			"(written by reproduce since gridbench recorded them; reproduce again to write it)"}}
	}
	if err != nil {
		return nil, []OutputProblem{{mp, fmt.Sprintf("unreadable (%v): the folder's files cannot be verified", err)}}
	}
	var ps []OutputProblem
	check := func(f OutputFile) {
		p := filepath.Join(out, filepath.FromSlash(f.Path))
		sum, err := analysis.FileSHA256(p)
		switch {
		case errors.Is(err, os.ErrNotExist):
			ps = append(ps, OutputProblem{p, fmt.Sprintf("missing (the outputs manifest lists it, sha256 %s)", analysis.Short(f.SHA256))})
		case err != nil:
			ps = append(ps, OutputProblem{p, err.Error()})
		case sum != f.SHA256:
			ps = append(ps, OutputProblem{p, fmt.Sprintf("does not match the outputs manifest (sha256 %s recorded, %s found)", analysis.Short(f.SHA256), analysis.Short(sum))})
		}
	}
	listed := map[string]bool{}
	for _, s := range o.Studies {
		listed[s.Name] = true
		dir := ResultsDir(out, s.Name)
		if _, err := os.Stat(dir); errors.Is(err, os.ErrNotExist) {
			ps = append(ps, OutputProblem{dir, fmt.Sprintf("missing: study %s, listed in %s with %d files, is gone", s.Name, mp, len(s.Files))})
			continue
		}
		for _, f := range s.Files {
			check(f)
		}
	}
	for _, f := range o.Shared {
		check(f)
	}
	ps = append(ps, unlistedFigures(out, o)...)
	found, _ := filepath.Glob(filepath.Join(out, "results", "*", "runs.csv"))
	more, _ := filepath.Glob(filepath.Join(out, "results", "*", "manifest.json"))
	seen := map[string]bool{}
	for _, f := range append(found, more...) {
		name := filepath.Base(filepath.Dir(f))
		if !listed[name] && !seen[name] {
			seen[name] = true
			ps = append(ps, OutputProblem{filepath.Dir(f), "not listed in " + mp + ": results this folder did not record"})
		}
	}
	return o, ps
}

// unlistedFigures names each file of paper/figures that belongs to a
// study o lists (named after it, see owner) but that o does not list: a
// file its last reproduce did not write. Either a figure in a format that
// run did not write, left by an earlier run (gridbench removes those as
// it writes a figure; older builds did not), which LaTeX's
// \includegraphics may take for the figure (a .pdf before a .png); or a
// figure the study no longer draws, or a file copied in. They are named,
// not removed: a name that only looks like a study's may be someone's
// own file.
func unlistedFigures(out string, o *Outputs) []OutputProblem {
	dir := filepath.Join(PaperDir(out), "figures")
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil // no figures: none unlisted
	}
	names := o.studyNames()
	studies := map[string]bool{}
	files := map[string]bool{}
	for _, s := range o.Studies {
		studies[s.Name] = true
		for _, f := range s.Files {
			files[f.Path] = true
		}
	}
	var ps []OutputProblem
	for _, e := range entries {
		p := "paper/figures/" + e.Name()
		s := owner(p, names)
		if !e.Type().IsRegular() || strings.HasPrefix(e.Name(), ".") || files[p] || !studies[s] {
			continue
		}
		base := strings.TrimSuffix(p, path.Ext(p))
		var as []string // the formats the figure was written in
		for _, f := range o.Study(s).Files {
			if ext := path.Ext(f.Path); f.Path == base+ext {
				as = append(as, strings.TrimPrefix(ext, "."))
			}
		}
		text := fmt.Sprintf("not listed in %s: study %s's last reproduce did not write it (a figure it did not draw, or a file copied in); delete it",
			OutputsPath(out), s)
		if len(as) > 0 {
			text = fmt.Sprintf("not listed in %s: study %s's last reproduce wrote this figure as %s only, so this file is an earlier run's, "+
				"which LaTeX may take for the figure (a .pdf before a .png); reproduce %s again (it writes each figure in exactly the "+
				"formats it is given) or delete it",
				OutputsPath(out), s, strings.Join(as, " and "), s)
		}
		ps = append(ps, OutputProblem{filepath.Join(dir, e.Name()), text})
	}
	return ps
}

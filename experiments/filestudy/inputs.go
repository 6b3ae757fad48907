package filestudy

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/gridbench/gridbench/internal/sched/external"
)

// An exec: scheduler's command names its files as the study file names its
// traces: relative to the study file's folder. Each word of the command
// that names a file there is replaced by that file's path before the
// process starts; the other words are kept (a file relative to the working
// folder, a program found on PATH, a flag). The files a command names, and
// the program PATH finds for its first word, are inputs of its runs: the
// runner recomputes them when any of them changes.

// command returns what algorithm a runs: its alias resolved and, for an
// exec: scheduler, its file words resolved beside the study file.
func (s *Study) command(a string) string {
	r := s.resolve(a)
	cmd, ok := strings.CutPrefix(r, external.Prefix)
	if !ok {
		return r
	}
	argv := strings.Fields(cmd)
	for i, w := range argv {
		if p := s.besideStudy(w); p != "" {
			argv[i] = p
		}
	}
	return external.Prefix + strings.Join(argv, " ")
}

// besideStudy returns the path of the regular file that the relative word
// w names in the study file's folder, or "".
func (s *Study) besideStudy(w string) string {
	if filepath.IsAbs(w) || strings.HasPrefix(w, "-") {
		return ""
	}
	if p := filepath.Join(s.dir, w); regularFile(p) {
		return p
	}
	return ""
}

func regularFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

// commandInputs returns the files algorithm a's runs read besides their
// workload's: for an exec: scheduler, every word of its resolved command
// that names an existing file, the files beside each of those with the
// same extension (the modules a script imports from its own folder: an
// edited helpers.py beside mine.py once left mine.py's runs reused), and
// the programs the command really runs (external.Resolve: through env, a
// #! line and a shim, on the PATH the scheduler gets: swapping the
// python3 of "exec:/usr/bin/env python3 mine.py" once reused the old
// runs); nothing for a built-in algorithm, which is part of the build.
// The second result says what the command runs that cannot be known
// before it runs, one line each, for the progress.
func (s *Study) commandInputs(a string) ([]string, []string) {
	cmd, ok := strings.CutPrefix(s.command(a), external.Prefix)
	if !ok {
		return nil, nil
	}
	argv := strings.Fields(cmd)
	var out []string
	for _, w := range argv {
		if regularFile(w) {
			out = append(out, w)
			out = append(out, siblings(w)...)
		}
	}
	r := external.Resolve(argv, os.Getenv)
	out = append(out, r.Programs...)
	slices.Sort(out)
	var unknown []string
	for _, u := range r.Unknown {
		unknown = append(unknown, a+": "+u)
	}
	return slices.Compact(out), unknown
}

// maxSiblings bounds the files siblings returns: a script beside a
// thousand others is not importing them all.
const maxSiblings = 256

// siblings returns the regular files in p's folder with p's extension, p
// excepted, sorted: none for a file without an extension (a compiled
// program), and none when there are more than maxSiblings.
func siblings(p string) []string {
	p = filepath.Clean(p)
	ext := filepath.Ext(p)
	if ext == "" {
		return nil
	}
	dir := filepath.Dir(p)
	entries, _ := os.ReadDir(dir)
	var out []string
	for _, e := range entries {
		f := filepath.Join(dir, e.Name())
		if filepath.Ext(e.Name()) == ext && f != p && regularFile(f) {
			out = append(out, f)
		}
	}
	if len(out) > maxSiblings {
		return nil
	}
	return out
}

// workloadFiles returns the files repetition r of workload w reads, as
// Plan resolved them into c.
func workloadFiles(w Workload, r int, c config) []string {
	switch {
	case w.Kind == "trace" || w.Kind == "timeshare":
		return []string{c.Traces[w.Trace]}
	case w.Kind == "etc" && r < len(w.Files):
		return []string{c.Files[w.Files[r]]}
	}
	return nil
}

// algorithmInputs returns commandInputs of every algorithm, and what none
// of them can key, once per study plan.
func (s *Study) algorithmInputs() (map[string][]string, []string) {
	progs := map[string][]string{}
	var unkeyed []string
	for _, a := range s.Algorithms {
		ins, unknown := s.commandInputs(a)
		progs[a] = ins
		unkeyed = append(unkeyed, unknown...)
	}
	return progs, unkeyed
}

// envNameRE is what a POSIX shell accepts as a variable's name.
var envNameRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// checkEnv checks the names of key env.
func (s *Study) checkEnv() error {
	for i, n := range s.Env {
		if !envNameRE.MatchString(n) {
			return fmt.Errorf("key env: %q is not a variable name (letters, digits and '_', not first a digit)", n)
		}
		if slices.Contains(s.Env[:i], n) {
			return fmt.Errorf("key env: %q listed twice", n)
		}
	}
	return nil
}

// envKey returns, for each variable of key env, what the runs' key holds
// of its value now: "sha256:" and the first 16 hex digits of the SHA-256
// of the value, or "unset" (an empty value is set).
func (s *Study) envKey() map[string]string {
	if len(s.Env) == 0 {
		return nil
	}
	m := map[string]string{}
	for _, n := range s.Env {
		v, ok := os.LookupEnv(n)
		if !ok {
			m[n] = "unset"
			continue
		}
		sum := sha256.Sum256([]byte(v))
		m[n] = "sha256:" + hex.EncodeToString(sum[:8])
	}
	return m
}

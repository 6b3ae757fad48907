package filestudy

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/gridbench/gridbench/bench"
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
// that names an existing file, the modules of its script (the files with
// the script's extension in its folder tree: an edited helpers.py beside
// mine.py, then pkg/sub.py below it, once left mine.py's runs reused; see
// modules), and the programs the command really runs (external.Resolve:
// through env, a #! line and a shim, on the PATH the scheduler gets:
// swapping the python3 of "exec:/usr/bin/env python3 mine.py" once reused
// the old runs); nothing for a built-in algorithm, which is part of the
// build. Each is named by its absolute path: a study run from another
// folder once recomputed its exec: runs ("input /s1/cons.py was not
// recorded with them"), and again from its own ("input cons.py ...").
//
// Only the script's folder is walked (see script): a config file named
// in the command (p.json) once had its folder walked too, the study's
// folder, whose out/ held gridbench's own outputs, so that every run
// changed the inputs of the next and verify found inputs the manifest did
// not record. A file gridbench writes (see written) is never keyed.
// The second result says what the command runs that cannot be known
// before it runs, or what is not keyed, one line each, for the progress.
func (s *Study) commandInputs(a string) ([]string, []string) {
	cmd, ok := strings.CutPrefix(s.command(a), external.Prefix)
	if !ok {
		return nil, nil
	}
	argv := strings.Fields(cmd)
	var out []string
	var unknown []string
	walked := false
	for _, w := range argv {
		if !regularFile(w) {
			continue
		}
		p := absolute(w)
		if s.written(p) {
			unknown = append(unknown, a+": "+w+" is in an output folder, whose files gridbench writes: it is not keyed")
			continue
		}
		out = append(out, p)
		if walked || !script(p) {
			continue
		}
		walked = true
		mods, left := s.modules(p)
		out = append(out, mods...)
		if left != "" {
			unknown = append(unknown, a+": "+left)
		}
		// A script reached through a symbolic link imports from the
		// folder of the file it leads to (Python's first path entry,
		// Node's modules): that folder's modules are keyed too.
		if real, err := filepath.EvalSymlinks(p); err == nil && filepath.Dir(real) != filepath.Dir(p) {
			mods, left := s.modules(real)
			out = append(out, mods...)
			if left != "" {
				unknown = append(unknown, a+": "+left)
			}
		}
	}
	r := external.Resolve(argv, os.Getenv)
	for _, p := range r.Programs {
		out = append(out, absolute(p))
	}
	slices.Sort(out)
	for _, u := range r.Unknown {
		unknown = append(unknown, a+": "+u)
	}
	return slices.Compact(out), unknown
}

// absolute returns p made absolute, or p when the working folder is gone.
func absolute(p string) string {
	if q, err := filepath.Abs(p); err == nil {
		return q
	}
	return filepath.Clean(p)
}

// dataExts are the extensions of files that a scheduler reads as data,
// not as its code: named in an exec: command, such a file is keyed alone
// and never taken for its script.
var dataExts = map[string]bool{}

func init() {
	for _, e := range strings.Fields(`.json .jsonl .ndjson .toml .yaml .yml .csv .tsv .txt .ini .cfg .conf
		.xml .dat .npy .npz .pkl .pickle .parquet .feather .arrow .h5 .hdf5 .nc .mat .swf .gz .bz2 .xz .zst
		.zip .tar .pt .pth .ckpt .onnx .safetensors .joblib .bin .model .log .md .sqlite .db .env`) {
		dataExts[e] = true
	}
}

// script says whether the file p, named by an exec: command, is its
// script, whose folder tree holds the modules it imports: the first such
// word of the command is (python3 mine.py p.json: mine.py; ./mine.py with
// a #! line: mine.py), but a compiled program is not (/usr/bin/python3,
// which runs the script named after it; ./mysched, which imports no
// modules), nor a file of data by its extension (p.json, weights.csv,
// cfg.toml). A file of an extension neither knows is taken for the
// script: its folder walked for files of its extension keys too much
// rather than too little.
func script(p string) bool {
	ext := strings.ToLower(filepath.Ext(p))
	return ext != "" && !dataExts[ext] && !compiled(p)
}

// compiled says whether the file p is a compiled program: an ELF,
// Mach-O or PE executable.
func compiled(p string) bool {
	f, err := os.Open(p)
	if err != nil {
		return false
	}
	defer f.Close()
	var b [4]byte
	n, _ := io.ReadFull(f, b[:])
	head := string(b[:n])
	switch {
	case head == "\x7fELF", strings.HasPrefix(head, "MZ"):
		return true
	case n == 4:
		switch binary.BigEndian.Uint32(b[:]) {
		case 0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, 0xcafebabe:
			return true
		}
	}
	return false
}

// written says whether gridbench writes the file or folder p: it lies in
// the results or paper folder of an output folder (one that holds
// gridbench's lock file, bench.LockFile, or the one Open was given). Such
// a file changes with every run: keyed, the runs of a scheduler whose
// folder held the study's out/ were computed again each time, and verify
// found inputs their manifest does not record.
func (s *Study) written(p string) bool {
	for d := filepath.Clean(p); ; d = filepath.Dir(d) {
		if s.gridbenchFolder(d) {
			return true
		}
		if filepath.Dir(d) == d {
			return false
		}
	}
}

// gridbenchFolder says whether d is the results or paper folder of an
// output folder.
func (s *Study) gridbenchFolder(d string) bool {
	b := filepath.Base(d)
	return (b == "results" || b == "paper") && s.outputFolder(filepath.Dir(d))
}

// outputFolder says whether gridbench writes its results into the folder d.
func (s *Study) outputFolder(d string) bool {
	return d == s.out || fileExists(filepath.Join(d, bench.LockFile))
}

// An exec: scheduler's script imports modules from its folder and the
// folders below it (helpers.py, pkg/sub.py): every file with the script's
// extension there is an input of its runs. The walk is bounded: a script
// in a folder holding more than maxModules such files, or more than
// maxTreeEntries entries in all (a home folder), has only its own
// folder's files keyed (none past maxModules), and the progress says so.
// Folders that hold installed packages, not the user's code, are not
// walked: hidden ones (.git, .venv), __pycache__, node_modules and a
// virtual environment (a folder with pyvenv.cfg).
const (
	maxModules     = 1024
	maxTreeEntries = 20000
)

// errTooMany stops a walk past its bound.
var errTooMany = errors.New("too many files")

// modules returns the files with p's extension in p's folder and the
// folders below it, p excepted, sorted, and what the bound left out of
// the key ("" when nothing); none for a file without an extension (a
// compiled program). The results and paper folders of an output folder
// are not walked (see written).
func (s *Study) modules(p string) ([]string, string) {
	p = filepath.Clean(p)
	ext := filepath.Ext(p)
	if ext == "" {
		return nil, ""
	}
	root := filepath.Dir(p)
	var out []string
	entries := 0
	// A module may be reached through a symbolic link (helpers.py linked
	// to a file elsewhere, a folder of modules linked in): it is keyed by
	// the link's path, whose content is the target's, and a linked
	// folder is walked as the interpreter would import from it, each
	// folder once (a link back up the tree is not walked again).
	walked := map[string]bool{}
	var walk func(d string) error
	walk = func(d string) error {
		if real, err := filepath.EvalSymlinks(d); err == nil {
			if walked[real] {
				return nil
			}
			walked[real] = true
		}
		des, err := os.ReadDir(d)
		if err != nil {
			return nil // an unreadable folder: the script cannot import from it either
		}
		for _, de := range des {
			if entries++; entries > maxTreeEntries {
				return errTooMany
			}
			f := filepath.Join(d, de.Name())
			typ := entryType(f, de)
			if typ.IsDir() {
				if skipFolder(f, de.Name()) || s.gridbenchFolder(f) {
					continue
				}
				if err := walk(f); err != nil {
					return err
				}
				continue
			}
			if filepath.Ext(de.Name()) == ext && f != p && typ.IsRegular() {
				if out = append(out, f); len(out) > maxModules {
					return errTooMany
				}
			}
		}
		return nil
	}
	entries++ // (the root)
	err := walk(root)
	if err == nil {
		slices.Sort(out)
		return out, ""
	}
	// Past the bound: the script's own folder only.
	out = out[:0]
	des, _ := os.ReadDir(root)
	for _, d := range des {
		f := filepath.Join(root, d.Name())
		if filepath.Ext(d.Name()) == ext && f != p && entryType(f, d).IsRegular() {
			out = append(out, f)
		}
	}
	if len(out) > maxModules {
		return nil, fmt.Sprintf("%s's folder holds more than %d %s files: none of them is keyed", p, maxModules, ext)
	}
	return out, fmt.Sprintf("%s's folder tree holds more than %d %s files or %d entries: only the %d %s files beside it are keyed, not those in its subfolders",
		p, maxModules, ext, maxTreeEntries, len(out), ext)
}

// entryType is the type of the folder entry d at path f, a symbolic
// link's that of the file it leads to (an irregular file's for a link
// that leads nowhere).
func entryType(f string, d fs.DirEntry) fs.FileMode {
	if d.Type()&fs.ModeSymlink == 0 {
		return d.Type()
	}
	st, err := os.Stat(f)
	if err != nil {
		return fs.ModeIrregular
	}
	return st.Mode().Type()
}

// skipFolder says whether the folder f (named name) holds installed
// packages or tool state rather than a scheduler's own modules.
func skipFolder(f, name string) bool {
	switch {
	case strings.HasPrefix(name, "."), name == "__pycache__", name == "node_modules":
		return true
	}
	return regularFile(filepath.Join(f, "pyvenv.cfg"))
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

// execFiles returns the files of progs (algorithmInputs) by algorithm,
// for the configuration: each relative to the study file's folder when it
// lies below it, as found does (the study run from another folder keeps
// its configuration), else as it is; none for an algorithm that reads
// none (a built-in one).
func (s *Study) execFiles(progs map[string][]string) map[string]map[string]bool {
	var out map[string]map[string]bool
	for a, ins := range progs {
		if len(ins) == 0 {
			continue
		}
		m := map[string]bool{}
		for _, p := range ins {
			if rel, err := filepath.Rel(s.dir, p); err == nil && filepath.IsLocal(rel) {
				p = filepath.ToSlash(rel)
			}
			m[p] = true
		}
		if out == nil {
			out = map[string]map[string]bool{}
		}
		out[a] = m
	}
	return out
}

// envNameRE is what a POSIX shell accepts as a variable's name.
var envNameRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// checkEnv checks the names of key env.
func (s *Study) checkEnv() error {
	for i, n := range s.Env {
		if !envNameRE.MatchString(n) {
			return keyErr("env", "%q is not a variable name (letters, digits and '_', not first a digit)", n)
		}
		if slices.Contains(s.Env[:i], n) {
			return keyErr("env", "%q listed twice", n)
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

package bench

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/gridbench/gridbench/analysis"
)

// A run's result may be reused only while everything that made it is
// unchanged: the plan's configuration (its hash), the code (the build) and
// the content of every file the run reads (its inputs). This file holds the
// last two: the build of the running executable and the content hashes of
// input files.

// ExecutableBuild identifies the running executable: "sha256:" and the
// first 16 hex digits of the SHA-256 of its file, computed once per
// process. Go builds are reproducible, so the same source gives the same
// build, and a changed scheduler or model another. Execute uses it when
// Options.Build is empty, so a program of a user's own (which links its
// own schedulers) gets its results keyed on its own code too.
var ExecutableBuild = sync.OnceValues(func() (string, error) {
	path, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("cannot identify the build of this program (set Options.Build): %w", err)
	}
	sum, err := analysis.FileSHA256(path)
	if err != nil {
		return "", fmt.Errorf("cannot identify the build of this program (set Options.Build): %w", err)
	}
	return "sha256:" + sum[:16], nil
})

// stamp is what says a file is unchanged without reading it again.
type stamp struct {
	size  int64
	mtime time.Time
}

type hashed struct {
	stamp
	sum string
}

var inputHashes sync.Map // cleaned path -> hashed

// InputSHA256 returns the SHA-256 of the content of the file at path, hex.
// It reads a file once per process while its size and modification time
// stay the same, so plans that name one trace in every run, or a study run
// again by the same program, pay for one read.
func InputSHA256(path string) (string, error) {
	path = filepath.Clean(path)
	st, err := os.Stat(path)
	if err != nil {
		return "", err
	}
	if !st.Mode().IsRegular() {
		return "", fmt.Errorf("%s: not a regular file", path)
	}
	now := stamp{st.Size(), st.ModTime()}
	if v, ok := inputHashes.Load(path); ok && v.(hashed).stamp == now {
		return v.(hashed).sum, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	sum, err := analysis.ReaderSHA256(f)
	if err != nil {
		return "", err
	}
	// Stat again: a file written while it was read keeps no cached hash.
	if st2, err := f.Stat(); err == nil && (stamp{st2.Size(), st2.ModTime()}) == now {
		inputHashes.Store(path, hashed{now, sum})
	}
	return sum, nil
}

// runInputs returns the files run r of plan reads: the plan's inputs and
// the run's own, cleaned. (The study file is not one: see Plan.Study.)
func runInputs(p Plan, r Run) []string {
	var out []string
	for _, in := range p.Inputs {
		out = append(out, filepath.Clean(in))
	}
	for _, in := range r.Inputs {
		out = append(out, filepath.Clean(in))
	}
	return out
}

// hashInputs returns the content hash of every input of every run of p,
// and of its study file, which the manifest records (see Plan.Study).
func hashInputs(p Plan) (map[string]string, error) {
	return hashSome(p, true)
}

// hashRunInputs returns the content hash of every input of every run of
// p: hashInputs without the study file, unless a run reads it.
func hashRunInputs(p Plan) (map[string]string, error) {
	return hashSome(p, false)
}

func hashSome(p Plan, withStudy bool) (map[string]string, error) {
	sums := map[string]string{}
	add := func(path string) error {
		path = filepath.Clean(path)
		if _, ok := sums[path]; ok {
			return nil
		}
		sum, err := InputSHA256(path)
		if err != nil {
			return fmt.Errorf("%s: input: %w", p.Experiment, err)
		}
		sums[path] = sum
		return nil
	}
	if p.Study != "" && withStudy {
		if err := add(p.Study); err != nil {
			return nil, err
		}
	}
	for _, in := range p.Inputs {
		if err := add(in); err != nil {
			return nil, err
		}
	}
	for _, r := range p.Runs {
		for _, in := range r.Inputs {
			if err := add(in); err != nil {
				return nil, err
			}
		}
	}
	return sums, nil
}

// changedInput returns the first input whose content differs between
// before and now, or "".
func changedInput(before, now map[string]string) string {
	paths := make([]string, 0, len(now))
	for p := range now {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	for _, p := range paths {
		if before[p] != now[p] {
			return p
		}
	}
	return ""
}

// manifestInputs lists sums sorted by path, for the manifest.
func manifestInputs(sums map[string]string) []analysis.ManifestInput {
	out := make([]analysis.ManifestInput, 0, len(sums))
	for p, s := range sums {
		out = append(out, analysis.ManifestInput{Path: p, SHA256: s})
	}
	slices.SortFunc(out, func(a, b analysis.ManifestInput) int {
		if a.Path < b.Path {
			return -1
		}
		if a.Path > b.Path {
			return 1
		}
		return 0
	})
	return out
}

// inputMap is the inverse of manifestInputs.
func inputMap(ins []analysis.ManifestInput) map[string]string {
	m := make(map[string]string, len(ins))
	for _, in := range ins {
		m[filepath.Clean(in.Path)] = in.SHA256
	}
	return m
}

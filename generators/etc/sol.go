package etc

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Solution is a best-known schedule from a .sol file of the HCSP
// collection: Machine[j] is the 0-based machine of job j. Makespan and Method
// come from the file name, e.g. "u_c_hihi.0_MS_7358942,8.sol" is instance
// u_c_hihi.0, method MS, makespan 7358942.8 (decimal comma, one decimal).
type Solution struct {
	Path     string
	Instance string // instance file base name, e.g. "u_c_hihi.0"
	Method   string // "MS", "CPR", or "" when the name has no tag
	Makespan float64
	Machine  []int
}

// ParseSolName splits a .sol base name into instance, method and makespan.
// Accepted forms: INSTANCE_METHOD_MAKESPAN.sol and INSTANCE_MAKESPAN.sol,
// where METHOD is upper-case letters and MAKESPAN uses a decimal comma or
// point. Instance names may contain underscores, so the name is parsed from
// the right.
func ParseSolName(base string) (instance, method string, makespan float64, err error) {
	stem, ok := strings.CutSuffix(base, ".sol")
	if !ok {
		return "", "", 0, fmt.Errorf("%s: not a .sol file name", base)
	}
	i := strings.LastIndexByte(stem, '_')
	if i <= 0 {
		return "", "", 0, fmt.Errorf("%s: expected INSTANCE[_METHOD]_MAKESPAN.sol", base)
	}
	ms, err := strconv.ParseFloat(strings.Replace(stem[i+1:], ",", ".", 1), 64)
	if err != nil || ms < 0 {
		return "", "", 0, fmt.Errorf("%s: makespan %q in the file name is not a number (expected e.g. 7358942,8)", base, stem[i+1:])
	}
	instance = stem[:i]
	if j := strings.LastIndexByte(instance, '_'); j > 0 && isMethodTag(instance[j+1:]) {
		instance, method = instance[:j], instance[j+1:]
	}
	return instance, method, ms, nil
}

func isMethodTag(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < 'A' || c > 'Z' {
			return false
		}
	}
	return true
}

// ReadSol parses a schedule: whitespace-separated 0-based machine indices in
// job order, on one line or many. jobs and machines, when positive, are
// checked: the count must equal jobs and every index must be below machines.
func ReadSol(r io.Reader, name string, jobs, machines int) ([]int, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 64<<20)
	var out []int
	line := 0
	for sc.Scan() {
		line++
		for _, f := range strings.Fields(sc.Text()) {
			v, err := strconv.Atoi(f)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: job %d: machine %q is not an integer", name, line, len(out), truncate(f))
			}
			if v < 0 || (machines > 0 && v >= machines) {
				return nil, fmt.Errorf("%s:%d: job %d: machine %d out of range [0, %d); indices are 0-based", name, line, len(out), v, machines)
			}
			out = append(out, v)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if jobs > 0 && len(out) != jobs {
		return nil, fmt.Errorf("%s: expected %d machine indices (one per job), found %d; is this the schedule of another instance?", name, jobs, len(out))
	}
	return out, nil
}

// ReadSolFile reads a .sol file and parses its name (see ParseSolName).
func ReadSolFile(path string, jobs, machines int) (*Solution, error) {
	inst, method, ms, err := ParseSolName(filepath.Base(path))
	if err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	assign, err := ReadSol(f, filepath.Base(path), jobs, machines)
	if err != nil {
		return nil, err
	}
	return &Solution{Path: path, Instance: inst, Method: method, Makespan: ms, Machine: assign}, nil
}

// ErrNoSolution is wrapped by BestKnown when no .sol file exists.
var ErrNoSolution = errors.New("no best-known schedule")

// BestKnown finds the .sol files beside instancePath that belong to it and
// returns the one with the smallest makespan (ties: the name that sorts
// first). The schedule is checked against jobs and machines when positive.
func BestKnown(instancePath string, jobs, machines int) (*Solution, error) {
	dir, base := filepath.Split(instancePath)
	if dir == "" {
		dir = "."
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	type cand struct {
		name string
		ms   float64
	}
	var cands []cand
	for _, e := range entries {
		if e.IsDir() || !strings.HasPrefix(e.Name(), base+"_") {
			continue
		}
		inst, _, ms, err := ParseSolName(e.Name())
		if err != nil || inst != base {
			continue
		}
		cands = append(cands, cand{e.Name(), ms})
	}
	if len(cands) == 0 {
		return nil, fmt.Errorf("%s: %w: no %s_*.sol file in %s", base, ErrNoSolution, base, dir)
	}
	sort.Slice(cands, func(i, j int) bool {
		if cands[i].ms != cands[j].ms {
			return cands[i].ms < cands[j].ms
		}
		return cands[i].name < cands[j].name
	})
	return ReadSolFile(filepath.Join(dir, cands[0].name), jobs, machines)
}

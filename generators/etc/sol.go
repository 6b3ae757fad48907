package etc

import (
	"bufio"
	"cmp"
	"errors"
	"fmt"
	"io"
	"math"
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

	precision float64 // of Makespan in the name: 0.05 for "7358942,8"
}

// ParseSolName splits a .sol base name into instance, method and makespan.
// Accepted forms: INSTANCE_METHOD_MAKESPAN.sol and INSTANCE_MAKESPAN.sol,
// where METHOD is upper-case letters and MAKESPAN uses a decimal comma or
// point. Instance names may contain underscores, so the name is parsed from
// the right.
func ParseSolName(base string) (instance, method string, makespan float64, err error) {
	instance, method, makespan, _, err = parseSolName(base)
	return instance, method, makespan, err
}

// parseSolName is ParseSolName that also returns the precision of the
// makespan in the name: half a unit of its last digit (0.05 for
// "7358942,8").
func parseSolName(base string) (instance, method string, makespan, precision float64, err error) {
	stem, ok := strings.CutSuffix(base, ".sol")
	if !ok {
		return "", "", 0, 0, fmt.Errorf("%s: not a .sol file name", base)
	}
	i := strings.LastIndexByte(stem, '_')
	if i <= 0 {
		return "", "", 0, 0, fmt.Errorf("%s: expected INSTANCE[_METHOD]_MAKESPAN.sol", base)
	}
	text := strings.Replace(stem[i+1:], ",", ".", 1)
	ms, err := strconv.ParseFloat(text, 64)
	if err != nil || !(ms >= 0 && ms <= MaxValue) || strings.ContainsAny(text, "eEnNiIxXpP_") {
		return "", "", 0, 0, fmt.Errorf("%s: makespan %q in the file name is not a decimal number (expected e.g. 7358942,8)", base, stem[i+1:])
	}
	decimals := 0
	if d := strings.IndexByte(text, '.'); d >= 0 {
		decimals = len(text) - d - 1
	}
	instance = stem[:i]
	if j := strings.LastIndexByte(instance, '_'); j > 0 && isMethodTag(instance[j+1:]) {
		instance, method = instance[:j], instance[j+1:]
	}
	return instance, method, ms, 0.5 * math.Pow(10, -float64(decimals)), nil
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
	inst, method, ms, precision, err := parseSolName(filepath.Base(path))
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
	return &Solution{Path: path, Instance: inst, Method: method, Makespan: ms, Machine: assign, precision: precision}, nil
}

// Verify evaluates the schedule on m and compares its makespan with the
// one the file name gives, to the name's precision plus 1e-7 of it (the
// sums' rounding: the published u_s_hihi.0_MS schedule evaluates 0.0508
// below its name's 4080153,5). A best-known makespan is a claim about a
// schedule; a file whose schedule does not have it vouches for nothing.
func (s *Solution) Verify(m *Matrix) error {
	if len(s.Machine) != m.Jobs {
		return fmt.Errorf("%s: %d machine indices for %d jobs", s.Path, len(s.Machine), m.Jobs)
	}
	for j, k := range s.Machine {
		if k < 0 || k >= m.Machines {
			return fmt.Errorf("%s: job %d: machine %d out of range [0, %d)", s.Path, j, k, m.Machines)
		}
	}
	got := m.MakespanOf(s.Machine)
	if tol := s.precision + 1e-7*s.Makespan; !(math.Abs(got-s.Makespan) <= tol) {
		return fmt.Errorf("%s: the schedule's makespan on %s is %.6g, not the %.6g its name gives: a schedule of another instance, or a wrong name", s.Path, s.Instance, got, s.Makespan)
	}
	return nil
}

// ErrNoSolution is wrapped by BestKnown when no .sol file exists.
var ErrNoSolution = errors.New("no best-known schedule")

// SolutionFiles returns the .sol files beside instancePath that belong to
// it (INSTANCE[_METHOD]_MAKESPAN.sol), sorted by makespan (ties: by name):
// the files BestKnown chooses from, and so the inputs of a result that
// uses it.
func SolutionFiles(instancePath string) ([]string, error) {
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
	sort.Slice(cands, func(i, j int) bool {
		if cands[i].ms != cands[j].ms {
			return cands[i].ms < cands[j].ms
		}
		return cands[i].name < cands[j].name
	})
	out := make([]string, len(cands))
	for i, c := range cands {
		out[i] = filepath.Join(dir, c.name)
	}
	return out, nil
}

// BestKnown returns the schedule of the .sol file beside instancePath with
// the smallest makespan (SolutionFiles' first), read for m's jobs and
// machines and verified on m (Solution.Verify).
func BestKnown(instancePath string, m *Matrix) (*Solution, error) {
	files, err := SolutionFiles(instancePath)
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		dir, base := filepath.Split(instancePath)
		return nil, fmt.Errorf("%s: %w: no %s_*.sol file in %s", base, ErrNoSolution, base, cmp.Or(dir, "."))
	}
	return BestOf(files, m)
}

// BestOf reads the first of files (SolutionFiles' order: the smallest
// makespan first) for m's jobs and machines and verifies it on m. A caller
// that hashed files as a result's inputs reads exactly those.
func BestOf(files []string, m *Matrix) (*Solution, error) {
	s, err := ReadSolFile(files[0], m.Jobs, m.Machines)
	if err != nil {
		return nil, err
	}
	if err := s.Verify(m); err != nil {
		return nil, err
	}
	return s, nil
}

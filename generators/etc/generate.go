package etc

import (
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"

	"gonum.org/v1/gonum/stat/distuv"
)

// Consistency is the structure of an ETC matrix across machines (Braun et al. 2001).
type Consistency int

const (
	// Consistent: if machine a runs some job faster than machine b, it runs
	// every job faster. Generated matrices order machines 0 (fastest) to m-1.
	Consistent Consistency = iota
	// SemiConsistent: the even-indexed columns (0, 2, 4, ...) form a
	// consistent sub-matrix; the odd columns stay as drawn. Braun et al.
	// describe exactly this construction, and every row of the published
	// u_s_* instances has its even columns sorted and its odd ones not.
	SemiConsistent
	// Inconsistent: values as drawn, no machine order.
	Inconsistent
)

var consistencyNames = [...]string{Consistent: "c", SemiConsistent: "s", Inconsistent: "i"}

// String returns the letter used in Braun instance names: "c", "s" or "i".
func (c Consistency) String() string {
	if c < 0 || int(c) >= len(consistencyNames) {
		return fmt.Sprintf("Consistency(%d)", int(c))
	}
	return consistencyNames[c]
}

// ParseConsistency parses "c", "s" or "i" (or the words consistent,
// semi-consistent, inconsistent).
func ParseConsistency(s string) (Consistency, error) {
	switch strings.ToLower(s) {
	case "c", "consistent":
		return Consistent, nil
	case "s", "semi", "semi-consistent", "semiconsistent":
		return SemiConsistent, nil
	case "i", "inconsistent":
		return Inconsistent, nil
	}
	return 0, fmt.Errorf("consistency %q is not one of c, s, i", s)
}

// Heterogeneity is the spread of task or machine execution times.
type Heterogeneity int

const (
	Lo Heterogeneity = iota
	Hi
)

// String returns "lo" or "hi", as in Braun instance names.
func (h Heterogeneity) String() string {
	switch h {
	case Lo:
		return "lo"
	case Hi:
		return "hi"
	}
	return fmt.Sprintf("Heterogeneity(%d)", int(h))
}

// ParseHeterogeneity parses "hi" or "lo" (also "high", "low").
func ParseHeterogeneity(s string) (Heterogeneity, error) {
	switch strings.ToLower(s) {
	case "lo", "low":
		return Lo, nil
	case "hi", "high":
		return Hi, nil
	}
	return 0, fmt.Errorf("heterogeneity %q is not one of hi, lo", s)
}

// Method is the way the raw (inconsistent) matrix is drawn.
type Method int

const (
	// RangeBased is the method of Braun et al. (2001): a baseline per task
	// from U[1, R_task), multiplied by U[1, R_mach) per machine.
	RangeBased Method = iota
	// CVB is the coefficient-of-variation based method of Ali, Siegel et al.
	// (2000): gamma-distributed task means, then gamma-distributed times
	// around each task's mean.
	CVB
)

// String returns "range" or "cvb", the values of the CLI's --method flag.
func (m Method) String() string {
	switch m {
	case RangeBased:
		return "range"
	case CVB:
		return "cvb"
	}
	return fmt.Sprintf("Method(%d)", int(m))
}

// ParseMethod parses "range" (or "range-based") and "cvb".
func ParseMethod(s string) (Method, error) {
	switch strings.ToLower(s) {
	case "range", "range-based", "rangebased":
		return RangeBased, nil
	case "cvb":
		return CVB, nil
	}
	return 0, fmt.Errorf("method %q is not one of range, cvb", s)
}

// Default parameters. The range-based values are those of Braun et al.
// (2001); the published 512x16 instances agree: their maxima are just below
// 3000*1000 (hihi), 3000*10 (hilo), 100*1000 (lohi) and 100*10 (lolo).
//
// The CVB values are our choice, since Ali et al. (2000) present V_task and
// V_mach as continuous knobs rather than two fixed levels: 0.1 is the low
// coefficient of variation and 0.6 the high one used by later studies that
// follow Ali et al.; the mean task time 1000 only sets the time unit.
// Every value can be overridden in Spec.
const (
	DefaultRTaskHi = 3000.0
	DefaultRTaskLo = 100.0
	DefaultRMachHi = 1000.0
	DefaultRMachLo = 10.0

	DefaultVHi      = 0.6
	DefaultVLo      = 0.1
	DefaultMeanTask = 1000.0
)

// Spec describes one class of ETC instances. The zero value of each
// parameter field (RTask, RMach, VTask, VMach, MeanTask) means the default
// for the chosen heterogeneity; a field of the other method must be zero.
type Spec struct {
	Jobs, Machines int
	Method         Method
	TaskHet        Heterogeneity
	MachHet        Heterogeneity
	Consistency    Consistency

	// Range-based: task baselines are U[1, RTask), machine factors U[1, RMach).
	RTask, RMach float64
	// CVB: coefficients of variation of task means and of times within a
	// task, and the mean task time.
	VTask, VMach, MeanTask float64
}

// Name returns the Braun-style class name, e.g. "u_c_hilo": "u" for the
// uniform draws of the range-based method, "g" for CVB's gamma draws, then
// consistency, task heterogeneity, machine heterogeneity. Instance files
// append ".<seed>".
func (s Spec) Name() string {
	p := "u"
	if s.Method == CVB {
		p = "g"
	}
	return p + "_" + s.Consistency.String() + "_" + s.TaskHet.String() + s.MachHet.String()
}

// Types returns the 12 instance classes of Braun et al. (2001), 512 jobs x 16
// machines, range-based, in the order of the published tables: consistent,
// inconsistent, semi-consistent, each as hihi, hilo, lohi, lolo.
func Types() []Spec {
	var ts []Spec
	for _, c := range []Consistency{Consistent, Inconsistent, SemiConsistent} {
		for _, th := range []Heterogeneity{Hi, Lo} {
			for _, mh := range []Heterogeneity{Hi, Lo} {
				ts = append(ts, Spec{Jobs: 512, Machines: 16, Method: RangeBased,
					TaskHet: th, MachHet: mh, Consistency: c})
			}
		}
	}
	return ts
}

// NewSource returns the random source the CLI uses for instance seed of
// class spec. The second PCG word hashes the class name and size, so
// u_c_hilo.3 and u_i_hilo.3 are independent draws rather than the same
// numbers sorted differently, and seeds do not depend on generation order.
func NewSource(spec Spec, seed uint64) *rand.PCG {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s/%dx%d", spec.Name(), spec.Jobs, spec.Machines)
	return rand.NewPCG(seed, h.Sum64())
}

// params returns spec with every zero parameter replaced by its default.
func (s Spec) params() Spec {
	pick := func(v float64, h Heterogeneity, hi, lo float64) float64 {
		if v != 0 {
			return v
		}
		if h == Hi {
			return hi
		}
		return lo
	}
	s.RTask = pick(s.RTask, s.TaskHet, DefaultRTaskHi, DefaultRTaskLo)
	s.RMach = pick(s.RMach, s.MachHet, DefaultRMachHi, DefaultRMachLo)
	s.VTask = pick(s.VTask, s.TaskHet, DefaultVHi, DefaultVLo)
	s.VMach = pick(s.VMach, s.MachHet, DefaultVHi, DefaultVLo)
	if s.MeanTask == 0 {
		s.MeanTask = DefaultMeanTask
	}
	return s
}

// Limits of an instance. A matrix of MaxCells float64 values takes 800 MB;
// Braun's instances have 8192 cells. The parameter bounds keep every value
// finite and positive: a coefficient of variation of 1e308 made the gamma
// shape 0 and panicked, and beyond 4 a gamma draw may underflow to 0.
const (
	MaxCells = 100_000_000
	MaxRange = 1e9 // RTask, RMach and MeanTask at most
	MinCV    = 1e-3
	MaxCV    = 4
	// MaxValue bounds an execution time read from a file: the heuristics
	// add up to MaxCells of them, and a flowtime sums up to MaxCells
	// completion times, so even (1e8)² × MaxValue stays finite. Two values
	// of 1e308 on one machine once made Sufferage panic on +Inf. Generated
	// values stay below MaxRange² times a gamma draw's tail.
	MaxValue = 1e200
)

// CheckSize accepts 1 to MaxCells cells, jobs × machines, without
// computing a product that could overflow.
func CheckSize(jobs, machines int) error {
	if jobs < 1 || machines < 1 || jobs > MaxCells/machines {
		return fmt.Errorf("etc: %d jobs × %d machines: need 1 × 1 to %d cells in all", jobs, machines, MaxCells)
	}
	return nil
}

// Validate reports the first problem with spec, or nil.
func (s Spec) Validate() error {
	if err := CheckSize(s.Jobs, s.Machines); err != nil {
		return err
	}
	switch {
	case s.Method != RangeBased && s.Method != CVB:
		return fmt.Errorf("etc: unknown method %v", s.Method)
	case s.TaskHet != Lo && s.TaskHet != Hi:
		return fmt.Errorf("etc: unknown task heterogeneity %v", s.TaskHet)
	case s.MachHet != Lo && s.MachHet != Hi:
		return fmt.Errorf("etc: unknown machine heterogeneity %v", s.MachHet)
	case s.Consistency < Consistent || s.Consistency > Inconsistent:
		return fmt.Errorf("etc: unknown consistency %v", s.Consistency)
	}
	// A parameter of the other method would change nothing drawn: a
	// study asking v_task = 0.3 of range-based instances once got Braun's
	// instances without a word.
	switch {
	case s.Method == RangeBased && (s.VTask != 0 || s.VMach != 0 || s.MeanTask != 0):
		return fmt.Errorf("etc: VTask, VMach and MeanTask (%g, %g, %g) are parameters of the cvb method, which the range method ignores: leave them 0 or draw with cvb", s.VTask, s.VMach, s.MeanTask)
	case s.Method == CVB && (s.RTask != 0 || s.RMach != 0):
		return fmt.Errorf("etc: RTask and RMach (%g, %g) are parameters of the range method, which the cvb method ignores: leave them 0 or draw with range", s.RTask, s.RMach)
	}
	// Negated comparisons so that NaN is rejected too.
	p := s.params()
	switch {
	case !(p.RTask > 1 && p.RTask <= MaxRange):
		return fmt.Errorf("etc: RTask must be > 1 and <= %g, got %g", MaxRange, p.RTask)
	case !(p.RMach > 1 && p.RMach <= MaxRange):
		return fmt.Errorf("etc: RMach must be > 1 and <= %g, got %g", MaxRange, p.RMach)
	case !(p.VTask >= MinCV && p.VTask <= MaxCV):
		return fmt.Errorf("etc: VTask must be between %g and %g, got %g", MinCV, float64(MaxCV), p.VTask)
	case !(p.VMach >= MinCV && p.VMach <= MaxCV):
		return fmt.Errorf("etc: VMach must be between %g and %g, got %g", MinCV, float64(MaxCV), p.VMach)
	case !(p.MeanTask > 0 && p.MeanTask <= MaxRange):
		return fmt.Errorf("etc: MeanTask must be > 0 and <= %g, got %g", MaxRange, p.MeanTask)
	}
	return nil
}

var errNilSource = errors.New("etc: Generate needs a random source")

// Generate draws one ETC matrix of class spec, using only src. The same
// spec and source state give the same matrix. The raw matrix is drawn
// job by job (job i's draws come before job i+1's) whatever the
// consistency, so a consistent and an inconsistent matrix drawn from equal
// sources hold the same values per row.
func Generate(spec Spec, src rand.Source) (*Matrix, error) {
	if src == nil {
		return nil, errNilSource
	}
	if err := spec.Validate(); err != nil {
		return nil, err
	}
	p := spec.params()
	m := New(spec.Jobs, spec.Machines)
	switch spec.Method {
	case RangeBased:
		rangeBased(m, p.RTask, p.RMach, rand.New(src))
	case CVB:
		cvb(m, p.VTask, p.VMach, p.MeanTask, src)
	}
	makeConsistent(m, spec.Consistency)
	return m, nil
}

// rangeBased fills m by Braun et al.'s method: ETC[i][j] = tau_i * x_ij
// with tau_i ~ U[1, rTask) and x_ij ~ U[1, rMach).
func rangeBased(m *Matrix, rTask, rMach float64, r *rand.Rand) {
	for i := 0; i < m.Jobs; i++ {
		tau := 1 + (rTask-1)*r.Float64()
		row := m.Row(i)
		for j := range row {
			row[j] = tau * (1 + (rMach-1)*r.Float64())
		}
	}
}

// cvb fills m by Ali et al.'s method. With alpha = 1/V^2, a Gamma(alpha,
// scale mean/alpha) variable has the given mean and coefficient of
// variation V: q_i ~ Gamma(alpha_task, scale meanTask/alpha_task) is job i's
// mean time, and ETC[i][j] ~ Gamma(alpha_mach, scale q_i/alpha_mach). distuv
// takes the rate (1/scale) as Beta.
func cvb(m *Matrix, vTask, vMach, meanTask float64, src rand.Source) {
	aTask := 1 / (vTask * vTask)
	aMach := 1 / (vMach * vMach)
	task := distuv.Gamma{Alpha: aTask, Beta: aTask / meanTask, Src: src}
	for i := 0; i < m.Jobs; i++ {
		q := task.Rand()
		mach := distuv.Gamma{Alpha: aMach, Beta: aMach / q, Src: src}
		row := m.Row(i)
		for j := range row {
			row[j] = mach.Rand()
		}
	}
}

// makeConsistent imposes c on m by sorting within rows, as Braun et al. do:
// whole rows for Consistent, the even-indexed columns for SemiConsistent.
func makeConsistent(m *Matrix, c Consistency) {
	switch c {
	case Consistent:
		for i := 0; i < m.Jobs; i++ {
			slices.Sort(m.Row(i))
		}
	case SemiConsistent:
		even := make([]float64, (m.Machines+1)/2)
		for i := 0; i < m.Jobs; i++ {
			row := m.Row(i)
			for k := range even {
				even[k] = row[2*k]
			}
			slices.Sort(even)
			for k, v := range even {
				row[2*k] = v
			}
		}
	}
}

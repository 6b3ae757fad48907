package gridway

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Infra indexes the two infrastructures as seen by the DSA GridWay.
type Infra int

const (
	Internal Infra = 0 // the DSA testbed
	External Infra = 1 // the LCG testbed, reached through the GridGateWay
)

// Machine is one machine of a testbed: PEs processing elements of MIPS
// million instructions per second each.
type Machine struct {
	Name string
	PEs  int
	MIPS float64
}

// Testbed is a set of machines behind one local resource manager.
type Testbed struct {
	Name     string
	Machines []Machine
}

// PEs returns the testbed's number of processing elements.
func (t Testbed) PEs() int {
	n := 0
	for _, m := range t.Machines {
		n += m.PEs
	}
	return n
}

// Validate reports a testbed that cannot be simulated.
func (t Testbed) Validate() error {
	if t.Name == "" {
		return errors.New("testbed has no name")
	}
	if len(t.Machines) == 0 {
		return fmt.Errorf("testbed %s has no machines", t.Name)
	}
	seen := map[string]bool{}
	for _, m := range t.Machines {
		if m.PEs <= 0 {
			return fmt.Errorf("testbed %s: machine %s has %d PEs (need at least 1)", t.Name, m.Name, m.PEs)
		}
		if !(m.MIPS > 0) || math.IsInf(m.MIPS, 0) {
			return fmt.Errorf("testbed %s: machine %s has speed %v MIPS (need a positive number)", t.Name, m.Name, m.MIPS)
		}
		if seen[m.Name] {
			return fmt.Errorf("testbed %s: machine %s listed twice", t.Name, m.Name)
		}
		seen[m.Name] = true
	}
	return nil
}

// DSA is the Distributed System Architecture group's testbed (Table 1).
func DSA() Testbed {
	return Testbed{Name: "DSA", Machines: []Machine{
		{"hydrus", 4, 9787}, {"aquila", 5, 9787}, {"orion", 1, 9787},
		{"cygnus", 2, 6536}, {"draco", 1, 6536},
	}}
}

// LCG is the simulated LHC Computing Grid testbed (Table 2), reduced from
// the trace's 24,515 PEs to 2,000 by the authors to force saturation.
func LCG() Testbed {
	return Testbed{Name: "LCG", Machines: []Machine{
		{"machine0", 800, 9787}, {"machine1", 640, 6536}, {"machine2", 560, 4902},
	}}
}

// ParseTestbed reads a testbed description: '#' comments, blank lines, and
// one machine per line as "name PEs MIPS". Errors name the file and line.
func ParseTestbed(r io.Reader, file, name string) (Testbed, error) {
	t := Testbed{Name: name}
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		s := sc.Text()
		if i := strings.IndexByte(s, '#'); i >= 0 {
			s = s[:i]
		}
		f := strings.Fields(s)
		if len(f) == 0 {
			continue
		}
		if len(f) != 3 {
			return Testbed{}, fmt.Errorf("%s:%d: want \"name PEs MIPS\", got %d fields", file, line, len(f))
		}
		pes, err := strconv.Atoi(f[1])
		if err != nil || pes <= 0 {
			return Testbed{}, fmt.Errorf("%s:%d: field 2 (PEs) %q is not a positive integer", file, line, f[1])
		}
		mips, err := strconv.ParseFloat(f[2], 64)
		if err != nil || !(mips > 0) || math.IsInf(mips, 0) {
			return Testbed{}, fmt.Errorf("%s:%d: field 3 (MIPS) %q is not a positive number", file, line, f[2])
		}
		for _, m := range t.Machines {
			if m.Name == f[0] {
				return Testbed{}, fmt.Errorf("%s:%d: machine %s listed twice", file, line, f[0])
			}
		}
		t.Machines = append(t.Machines, Machine{f[0], pes, mips})
	}
	if err := sc.Err(); err != nil {
		return Testbed{}, fmt.Errorf("%s: %w", file, err)
	}
	if len(t.Machines) == 0 {
		return Testbed{}, fmt.Errorf("%s: no machines", file)
	}
	return t, nil
}

// Link is one network path. Transfers are served FIFO, one at a time: per
// direction on a full-duplex link, or all through one port when Shared
// (GridSim's serialised I/O port: an output waits for the inputs before it
// and the other way round).
type Link struct {
	Bandwidth float64 // bytes per second
	Latency   float64 // seconds
	Shared    bool    // one port for both directions
}

// User is one experiment submitted to the DSA GridWay.
type User struct {
	Submit float64 // seconds from the start of the background trace
	Jobs   int
}

// Config is one federation scenario. DefaultConfig gives the paper's.
type Config struct {
	DSA, LCG Testbed
	LAN      Link // DSA GridWay to DSA testbed
	WAN      Link // DSA to LCG (GridGateWay path)

	SchedulingInterval       float64 // seconds between GridWay scheduling cycles
	DispatchChunk            int     // jobs dispatched per cycle at most
	ObjectiveInterval        float64 // seconds between DO objective updates
	MaxRunningResourceFactor int     // AS: jobs per PE a scheduler may keep at a resource
	SuspensionTimeout        float64 // seconds a dispatched job may wait before it is migrated; 0 disables
	MinInSamples             int     // DO: completed internal jobs before a fit is tried
	MinExSamples             int     // DO: completed external jobs before a fit is tried

	JobMI       float64 // length of every experiment job, million instructions
	InputBytes  float64
	OutputBytes float64
	// MIPerTraceSecond turns a background job's trace run time r into its
	// length r × MIPerTraceSecond MI (calibrated; see DefaultMIPerTraceSecond).
	MIPerTraceSecond float64

	Users []User

	// Alt selects readings of the paper that the model does not take; the
	// experiment runs them so that its page can set their results beside
	// the model's. The zero value is the model.
	Alt Alternatives

	// Check verifies the model's invariants after every event (slow; for
	// tests): PEs never over-committed, counters consistent, no job lost.
	Check bool
}

// Alternatives are readings of the paper that the model does not take.
// Each flag replaces one rule of the model with the other reading.
type Alternatives struct {
	// CountOnTime fits Algorithm 1's lines by least squares of the count
	// of completed jobs on time, instead of Hockney and Jesshope's least
	// squares of time on count.
	CountOnTime bool
	// GatewayPerJob makes the LCG GridWay check availability before every
	// job it forwards, instead of once at the start of its cycle
	// (Algorithm 2, lines 6 and 20–23).
	GatewayPerJob bool
	// StageAtDispatch stages an external job's input to the GridGateWay
	// when the DSA GridWay dispatches it, instead of when the LCG GridWay
	// forwards it to the LCG testbed.
	StageAtDispatch bool
	// CapQueuedOnly counts only a GridWay's jobs not yet started against
	// the AS cap of PEs × MaxRunningResourceFactor, not its running ones.
	CapQueuedOnly bool
	// StaticAS splits each AS cycle with the trained objective of SO-AS as
	// it was at the start (Algorithm 2, line 4), instead of the objective
	// left after the jobs already dispatched.
	StaticAS bool
	// PublishedFree makes the DSA GridWay see the LCG's free PEs as the
	// GridGateWay publishes them, less only the jobs it maps there in the
	// current cycle, instead of less all its jobs there not yet started.
	PublishedFree bool
}

// Paper defaults that the paper does not give; the experiment's report
// lists them as interpretations.
const (
	DefaultSuspensionTimeout = 3600.0 // s
	DefaultMinSamples        = 5
	DefaultLANBandwidth      = 100e6 / 8 // 100 Mb/s
	DefaultLANLatency        = 0.001
	DefaultWANLatency        = 0.05
)

// Calibrated values: each is fitted on one published table and checked on
// another (the federation experiment's page shows both).
const (
	// DefaultWANBandwidth is the GridGateWay port, shared by inputs and
	// outputs (Link.Shared), in bytes per second. Derived from Table 4's
	// three User-0 cells with LCG almost idle (Normal 1:37:36 for 524 LCG
	// jobs, DO 1:36:31 for 519, DO-AS 1:30:21 for 483, Table 3): the
	// experiment takes about 11.2 s per LCG job, the time to move its 1 MB
	// in and 2 MB out through one serialised port; Σ jobs × 3 MB / Σ time
	// = 268 kB/s (2.1 Mb/s).
	DefaultWANBandwidth = 268e3
	// DefaultMIPerTraceSecond scales the LCG trace's run times into job
	// lengths. Fitted on Table 3's Normal split only (the LCG jobs of
	// Users 0–2: 524, 437, 123); see the experiment's calibration sweep.
	DefaultMIPerTraceSecond = 6700.0
)

// Day is the length of a day in seconds.
const Day = 86400.0

// PaperSubmit returns the submission time of the paper's user u (0-based):
// 12:00 of day 2, 4, 6 of the trace (day 1 starts at trace time 0).
func PaperSubmit(u int) float64 { return float64(2*u+1)*Day + 12*3600 }

// DefaultConfig returns the paper's scenario with our values for what it
// leaves open.
func DefaultConfig() Config {
	c := Config{
		DSA: DSA(), LCG: LCG(),
		LAN:                      Link{DefaultLANBandwidth, DefaultLANLatency, false},
		WAN:                      Link{DefaultWANBandwidth, DefaultWANLatency, true},
		SchedulingInterval:       30,
		DispatchChunk:            15,
		ObjectiveInterval:        30,
		MaxRunningResourceFactor: 3,
		SuspensionTimeout:        DefaultSuspensionTimeout,
		MinInSamples:             DefaultMinSamples,
		MinExSamples:             DefaultMinSamples,
		JobMI:                    6e6,
		InputBytes:               1e6,
		OutputBytes:              2e6,
		MIPerTraceSecond:         DefaultMIPerTraceSecond,
	}
	for u := 0; u < 3; u++ {
		c.Users = append(c.Users, User{Submit: PaperSubmit(u), Jobs: 550})
	}
	return c
}

// Validate reports a configuration that cannot be simulated.
func (c *Config) Validate() error {
	if err := c.DSA.Validate(); err != nil {
		return err
	}
	if err := c.LCG.Validate(); err != nil {
		return err
	}
	for _, l := range []struct {
		n string
		l Link
	}{{"LAN", c.LAN}, {"WAN", c.WAN}} {
		if !(l.l.Bandwidth > 0) || l.l.Latency < 0 || math.IsNaN(l.l.Latency) {
			return fmt.Errorf("%s link: bandwidth %v B/s and latency %v s (need bandwidth > 0, latency >= 0)", l.n, l.l.Bandwidth, l.l.Latency)
		}
	}
	switch {
	case !(c.SchedulingInterval > 0):
		return fmt.Errorf("scheduling interval %v s must be positive", c.SchedulingInterval)
	case !(c.ObjectiveInterval > 0):
		return fmt.Errorf("objective interval %v s must be positive", c.ObjectiveInterval)
	case c.DispatchChunk < 1:
		return fmt.Errorf("dispatch chunk %d must be at least 1", c.DispatchChunk)
	case c.MaxRunningResourceFactor < 1:
		return fmt.Errorf("max running resource factor %d must be at least 1", c.MaxRunningResourceFactor)
	case c.SuspensionTimeout < 0:
		return fmt.Errorf("suspension timeout %v s must not be negative", c.SuspensionTimeout)
	case c.MinInSamples < 2 || c.MinExSamples < 2:
		return fmt.Errorf("sample minimums %d/%d: a line needs at least 2 samples", c.MinInSamples, c.MinExSamples)
	case !(c.JobMI > 0) || c.InputBytes < 0 || c.OutputBytes < 0 || !(c.MIPerTraceSecond > 0):
		return fmt.Errorf("job length %v MI, files %v/%v B, %v MI per trace second: need positive length and scale", c.JobMI, c.InputBytes, c.OutputBytes, c.MIPerTraceSecond)
	}
	for i, u := range c.Users {
		if u.Jobs < 1 || u.Submit < 0 || math.IsNaN(u.Submit) || math.IsInf(u.Submit, 0) {
			return fmt.Errorf("user %d: %d jobs at %v s (need at least 1 job at a finite time >= 0)", i, u.Jobs, u.Submit)
		}
	}
	return nil
}

// sortedMachines returns the machines fastest first; ties keep their order.
func sortedMachines(t Testbed) []Machine {
	ms := append([]Machine(nil), t.Machines...)
	sort.SliceStable(ms, func(i, j int) bool { return ms[i].MIPS > ms[j].MIPS })
	return ms
}

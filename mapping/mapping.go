package mapping

import (
	"github.com/gridbench/gridbench/etcmatrix"
	imapping "github.com/gridbench/gridbench/internal/sched/mapping"
)

type (
	// Heuristic maps every job of an ETC matrix to a machine:
	// Name() string and Assign(m *Matrix, ready []float64) *Schedule.
	// ready holds the machines' ready times (nil: all zero).
	Heuristic = imapping.Heuristic
	// Matrix is an ETC matrix: At(i, j) is job i's expected time on
	// machine j; Jobs and Machines its size.
	Matrix = etcmatrix.Matrix
	// Schedule is a mapping's result: Machine, Start and End per job,
	// Completion per machine. Build it with NewSchedule and Place.
	Schedule = imapping.Schedule
	// Params are the built-ins' settable parameters (SA thresholds, kPB's k).
	Params = imapping.Params
	// Info describes a registered heuristic: Label, Family ("immediate" or
	// "batch") and New, which builds it from Params.
	Info = imapping.Info
	// Metrics are makespan, flowtime, utilisation and proximity, as `etc
	// eval` prints them.
	Metrics = imapping.Metrics
)

// DefaultParams are the parameters of the paper's Tables 3–6.
var DefaultParams = imapping.DefaultParams

// Register adds a heuristic after the built-ins, built from the run's
// Params like them (DefaultParams unless set). Call it from an init function; it panics on an empty name, a name taken
// (case-insensitive) or a nil New.
func Register(name string, info Info) { imapping.Register(name, info) }

// Names returns the registered names, the built-ins first in the paper's order.
func Names() []string { return imapping.Names() }

// Lookup returns what is registered under name (case-insensitive), or an
// error listing the names: the shape of spaceshared.Lookup and
// timeshared.Lookup.
func Lookup(name string) (Info, error) { return imapping.Lookup(name) }

// New returns the heuristic called name (case-insensitive) built from p
// (DefaultParams: the paper's), or an error listing the names.
func New(name string, p Params) (Heuristic, error) { return imapping.New(name, p) }

// NewMatrix returns a zero matrix of jobs × machines; it panics if either
// is not positive.
func NewMatrix(jobs, machines int) *Matrix { return etcmatrix.New(jobs, machines) }

// NewSchedule starts an empty schedule of m for the heuristic called name;
// ready is as for Heuristic.Assign.
func NewSchedule(name string, m *Matrix, ready []float64) *Schedule {
	return imapping.NewSchedule(name, m, ready)
}

// Evaluate computes a schedule's metrics.
func Evaluate(m *Matrix, s *Schedule) Metrics { return imapping.Evaluate(m, s) }

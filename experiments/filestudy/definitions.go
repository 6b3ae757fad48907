package filestudy

// metricDef says what a metric of a study file is: its unit and how it is
// computed, for the study page's metric table and the figures' axes. The
// README's metric table says the same.
type metricDef struct {
	Unit       string // "" for a ratio
	Definition string
}

// metricDefs is keyed by family name, then metric name: "makespan" means a
// different thing on a trace (seconds) and on an ETC instance (ETC units).
var metricDefs = map[string]map[string]metricDef{
	"space-shared": {
		MWait:         {"s", "mean over jobs of start − submit"},
		MBSLD:         {"", "mean over jobs of max(1, (wait + run) / max(run, τ)), τ = 10 s (bounded slowdown)"},
		"slowdown":    {"", "mean over jobs of (wait + run) / run; a job with run time 0 counts as 1"},
		"usage_pct":   {"%", "time average, over the instants at which some job is present (submitted, not ended), of busy CPUs / min(CPUs of the platform, CPUs requested by the present jobs); not utilisation: idle gaps with no job present do not count"},
		"makespan":    {"s", "last end − first submit (submit times rebased to 0)"},
		"delayed_pct": {"%", "share of the jobs with a deadline that end after it"},
	},
	"mapping": {
		"makespan":    {"ETC time units", "largest completion time among the machines that received a job (Xhafa et al. 2007, Eq. 2)"},
		"flowtime":    {"ETC time units", "sum of the jobs' finishing times, each machine running its jobs shortest first"},
		"utilization": {"", "sum of the completion times of the machines that received a job / (makespan × their number), 0–1 (Eq. 3 over the machines used)"},
		"proximity":   {"", "total execution time under MET / the heuristic's, ≤ 1 (1 for MET: every job on its fastest machine)"},
	},
	"time-sharing": {
		"avg_waiting":          {"s", "mean over jobs of end − submit − run: time in the system off the CPU"},
		"avg_turnaround":       {"s", "mean over jobs of end − submit"},
		"avg_response":         {"s", "mean over jobs of first start − submit"},
		"avg_bounded_slowdown": {"", "mean over jobs of max(1, (end − submit) / max(run, 10 s))"},
		"total_completion":     {"s", "largest over slaves of the sum of the slave's job ends − the first submit"},
		"max_stretch":          {"", "largest over jobs with run > 0 of (end − submit) / run"},
		"makespan":             {"s", "last end − first submit"},
		"slices":               {"", "CPU time slices dispatched over all slaves"},
	},
}

// def returns the definition of metric m in the study's family.
func (s *Study) def(m string) metricDef {
	if f, err := s.family(); err == nil {
		if d, ok := metricDefs[f.name][m]; ok {
			return d
		}
	}
	return metricDef{}
}

// axisLabel is metric m with its unit, for a figure's value axis.
func (s *Study) axisLabel(m string) string {
	if u := s.def(m).Unit; u != "" {
		return m + " (" + u + ")"
	}
	return m + " (ratio)"
}

package federated

import (
	"fmt"
	"math"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/internal/gridway"
)

// Metric names, per user u: runs.csv records u<u>_<name> (UserMetric).
const (
	MCompletion = "completion_s"
	MJobsDSA    = "jobs_dsa"
	MJobsLCG    = "jobs_lcg"
	MMigrations = "migrations"
	MQueued     = "lcg_queued_at_submit"
	MSubmitHour = "submit_hour" // time of day of the submission, hours
	MObjDSA     = "so_objective_dsa"
	MFits       = "do_fitted_updates"
	MEvents     = "events" // one per simulation, not per user
)

// UserMetric returns the runs.csv name of metric m of user u.
func UserMetric(u int, m string) string { return fmt.Sprintf("u%d_%s", u, m) }

// User is what one simulation measured of one user's experiment.
type User struct {
	Exp *gridway.Exp
	// Objective is the static objective the user's policy was trained
	// with (jobs to keep on the DSA), NaN when the policy was not trained.
	Objective float64
}

// UserTable is the per-user metrics of one simulation, in the order
// runs.csv records them for each user.
var UserTable = analysis.MetricTable[User]{
	{Metric: analysis.Metric{Name: MCompletion, Unit: "s", Better: analysis.LowerIsBetter, Label: "completion time",
		Definition: "last end of the user's jobs − the experiment's submission"},
		Value: func(u User) float64 { return u.Exp.Makespan() }},
	{Metric: analysis.Metric{Name: MJobsDSA, Better: analysis.HigherIsBetter, Label: "jobs on the DSA",
		Definition: "the user's jobs that ran on the user's own cluster (the DSA)"},
		Value: func(u User) float64 { return float64(u.Exp.JobsOn(gridway.Internal)) }},
	{Metric: analysis.Metric{Name: MJobsLCG, Better: analysis.LowerIsBetter, Label: "jobs on the LCG",
		Definition: "the user's jobs that ran on the external grid (the LCG)"},
		Value: func(u User) float64 { return float64(u.Exp.JobsOn(gridway.External)) }},
	{Metric: analysis.Metric{Name: MMigrations, Better: analysis.LowerIsBetter, Label: "migrations",
		Definition: "jobs the meta-scheduler moved from one resource to the other"},
		Value: func(u User) float64 { return float64(u.Exp.Migrations) }},
	{Metric: analysis.Metric{Name: MQueued, Better: analysis.LowerIsBetter, Label: "LCG queue at submission",
		Definition: "background jobs queued on the LCG when the experiment was submitted"},
		Value: func(u User) float64 { return float64(u.Exp.LCGQueuedAtSubmit) }},
	{Metric: analysis.Metric{Name: MSubmitHour, Unit: "h", Better: analysis.LowerIsBetter, Label: "submission hour",
		Definition: "time of day of the experiment's submission"},
		Value: func(u User) float64 { return math.Mod(u.Exp.Submit, gridway.Day) / 3600 }},
	{Metric: analysis.Metric{Name: MObjDSA, Better: analysis.HigherIsBetter, Label: "SO objective",
		Definition: "jobs the static-objective policy was trained to keep on the DSA (recorded only for the policies trained with one)"},
		Value: func(u User) float64 { return u.Objective }},
	{Metric: analysis.Metric{Name: MFits, Better: analysis.LowerIsBetter, Label: "DO fitted updates",
		Definition: "times the dynamic-objective policy refitted its objective while running"},
		Value: func(u User) float64 { return float64(u.Exp.Fitted) }},
}

// Metrics turns one simulation into runs.csv metrics: UserTable for each
// user's experiment, then the event count. trained are the objectives the
// policy was trained with, one per user (nil when it was not).
func Metrics(res *gridway.Result, trained []gridway.Objective) []analysis.NamedValue {
	var ms []analysis.NamedValue
	for _, e := range res.Exps {
		u := User{Exp: e, Objective: math.NaN()}
		if e.User < len(trained) {
			u.Objective = float64(trained[e.User].Int)
		}
		for _, m := range UserTable.Values(u) {
			if m.Name == MObjDSA && math.IsNaN(m.Value) {
				continue // undefined for a policy trained with no objective: no row, rather than NaN in runs.csv
			}
			ms = append(ms, analysis.NamedValue{Name: UserMetric(e.User, m.Name), Value: m.Value})
		}
	}
	return append(ms, analysis.NamedValue{Name: MEvents, Value: float64(res.Events)})
}

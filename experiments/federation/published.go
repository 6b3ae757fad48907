package federation

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// PublishedJobs is Table 3: jobs executed on [DSA, LCG] per user and
// policy. The paper prints SO and SO-AS in one column (same objective).
var PublishedJobs = map[string][3][2]int{
	"Normal": {{26, 524}, {113, 437}, {427, 123}},
	"SO":     {{102, 448}, {145, 405}, {124, 426}},
	"SO-AS":  {{102, 448}, {145, 405}, {124, 426}},
	"DO":     {{31, 519}, {124, 426}, {416, 134}},
	"DO-AS":  {{67, 483}, {70, 480}, {70, 480}},
}

// PublishedCompletion is Table 4 as printed (h:mm:ss) per user.
var PublishedCompletion = map[string][3]string{
	"Normal": {"1:37:36", "2:06:40", "6:18:41"},
	"SO":     {"1:35:39", "2:19:31", "13:27:13"},
	"DO":     {"1:36:31", "2:05:23", "6:12:49"},
	"SO-AS":  {"1:47:27", "2:18:03", "2:05:41"},
	"DO-AS":  {"1:30:21", "1:37:55", "1:38:41"},
}

// hms parses h:mm:ss into seconds.
func hms(s string) (float64, error) {
	p := strings.Split(s, ":")
	if len(p) != 3 {
		return 0, fmt.Errorf("bad time %q", s)
	}
	var t float64
	for _, f := range p {
		n, err := strconv.Atoi(f)
		if err != nil {
			return 0, fmt.Errorf("bad time %q", s)
		}
		t = t*60 + float64(n)
	}
	return t, nil
}

// fmtHMS formats seconds as h:mm:ss; a negative interval gets one leading
// minus sign (U+2212), "−2:12:47".
func fmtHMS(sec float64) string {
	if sec != sec {
		return "n/a"
	}
	sign := ""
	if sec < 0 {
		sign, sec = "−", -sec
	}
	s := int64(sec + 0.5)
	return fmt.Sprintf("%s%d:%02d:%02d", sign, s/3600, s/60%60, s%60)
}

// GatewayCells are the published cells the GridGateWay rate is derived
// from: User-0 (LCG almost idle) under the policies whose experiment is
// bound by moving its LCG jobs' files (Normal, DO, DO-AS; SO and SO-AS are
// left for validation).
var GatewayCells = []string{"Normal", "DO", "DO-AS"}

// GatewayCell is one of them: the published LCG jobs and completion time.
type GatewayCell struct {
	Policy     string
	LCGJobs    int
	Completion float64 // seconds
}

// SecondsPerJob is the completion time per LCG job.
func (g GatewayCell) SecondsPerJob() float64 { return g.Completion / float64(g.LCGJobs) }

// GatewayRate derives the GridGateWay port's rate in bytes per second from
// Tables 3 and 4: with LCG idle, User-0's experiment lasts as long as its
// LCG jobs' inputs and outputs take through one serialised port, so the
// rate is Σ LCG jobs × (in + out) / Σ completion time over GatewayCells.
func GatewayRate(in, out float64) (float64, []GatewayCell) {
	var cells []GatewayCell
	var bytes, secs float64
	for _, pol := range GatewayCells {
		g := GatewayCell{Policy: pol, LCGJobs: PublishedJobs[pol][0][1], Completion: publishedSeconds(pol, 0)}
		cells = append(cells, g)
		bytes += float64(g.LCGJobs) * (in + out)
		secs += g.Completion
	}
	return bytes / secs, cells
}

// CalibrationFit is the misfit of one swept background scale: the sum over
// users of the squared relative error of Normal's LCG jobs against Table
// 3 (scaled to the run's jobs per user).
func CalibrationFit(lcgJobs [Users]float64, scale float64) float64 {
	f := 0.0
	for u, v := range lcgJobs {
		pub := float64(PublishedJobs["Normal"][u][1]) * scale
		f += (v - pub) * (v - pub) / (pub * pub)
	}
	return f
}

// publishedSeconds returns Table 4's value in seconds.
func publishedSeconds(policy string, user int) float64 {
	t, err := hms(PublishedCompletion[policy][user])
	if err != nil {
		panic("federation: " + err.Error()) // the table above is a constant
	}
	return t
}

// Margin is the bound of one of the paper's vague words ("very similar",
// "almost the same", "not really significant"), derived from its own
// Tables 3–4: Value is the nearest published case the paper describes the
// other way, so the word's reach lies below it; Instance is the paper's own
// case of the word, the other end of what the text allows. Instance cannot
// be the margin: an exact reproduction's 95% interval straddles its mean,
// so it would fail at its own published value.
type Margin struct {
	Value        float64
	From         string // where Value comes from
	Instance     float64
	InstanceFrom string
}

// SpreadMargin bounds L-5's "very similar objectives for the three levels
// of saturation": the spread (most − fewest) of a policy's DSA jobs over
// the three users. The paper contrasts DO-AS ("behaves in a different
// way") with the others; the smallest of their published spreads is the
// margin, DO-AS's own the instance. Job counts are scaled by scale.
func SpreadMargin(scale float64) Margin {
	spread := func(pol string) (float64, string) {
		lo, hi := math.Inf(1), math.Inf(-1)
		var s []string
		for u := 0; u < Users; u++ {
			v := float64(PublishedJobs[pol][u][0])
			lo, hi = math.Min(lo, v), math.Max(hi, v)
			s = append(s, strconv.Itoa(PublishedJobs[pol][u][0]))
		}
		return (hi - lo) * scale, strings.Join(s, " / ")
	}
	m := Margin{Value: math.Inf(1)}
	for _, pol := range []string{"Normal", "SO", "DO"} { // SO-AS prints SO's column
		if v, s := spread(pol); v < m.Value {
			name := pol
			if pol == "SO" {
				name = "SO and SO-AS"
			}
			m.Value, m.From = v, fmt.Sprintf("%s's DSA jobs in Table 3, %s: the smallest spread of the policies DO-AS is set against", name, s)
		}
	}
	v, s := spread("DO-AS")
	m.Instance, m.InstanceFrom = v, "DO-AS's own, "+s
	return m
}

// UniformMargin bounds claim 3's "the makespan [is] almost the same for
// the three Users", the slowest over the fastest user's completion under
// DO-AS: the margin is the smallest step from one user to the next that
// the paper calls "more time is needed for the Experiment completion"
// (L-7: Normal, SO and DO in Table 4); the instance, DO-AS's own ratio.
func UniformMargin() Margin {
	m := Margin{Value: math.Inf(1)}
	for _, pol := range []string{"Normal", "SO", "DO"} {
		for u := 0; u+1 < Users; u++ {
			if r := publishedSeconds(pol, u+1) / publishedSeconds(pol, u); r < m.Value {
				m.Value, m.From = r, fmt.Sprintf("%s, User-%d over User-%d in Table 4 (%s / %s), the smallest step the paper calls \"more time is needed\" (L-7)",
					pol, u+1, u, PublishedCompletion[pol][u+1], PublishedCompletion[pol][u])
			}
		}
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for u := 0; u < Users; u++ {
		lo, hi = math.Min(lo, publishedSeconds("DO-AS", u)), math.Max(hi, publishedSeconds("DO-AS", u))
	}
	m.Instance, m.InstanceFrom = hi/lo, "DO-AS's own in Table 4"
	return m
}

// ReductionMargin bounds L-20's "the overall reduction in the makespan is
// not really significant" (DO against Normal), a relative difference of
// completion times: the margin is the smallest reduction the paper counts
// as one (L-10, DO-AS against every other policy for every user, Table 4);
// the instance, the largest published reduction it says is none (DO
// against Normal, L-18/L-20, and SO against Normal, L-16: "SO does not
// reduce the makespan").
func ReductionMargin() Margin {
	red := func(pol, base string, u int) float64 {
		return (publishedSeconds(base, u) - publishedSeconds(pol, u)) / publishedSeconds(base, u)
	}
	m := Margin{Value: math.Inf(1), Instance: math.Inf(-1)}
	for u := 0; u < Users; u++ {
		for _, o := range []string{"Normal", "SO", "DO", "SO-AS"} {
			if r := red("DO-AS", o, u); r > 0 && r < m.Value {
				m.Value, m.From = r, fmt.Sprintf("DO-AS against %s, User-%d (%s → %s in Table 4), the smallest reduction the paper counts as one (L-10)",
					o, u, PublishedCompletion[o][u], PublishedCompletion["DO-AS"][u])
			}
		}
		for _, p := range []string{"DO", "SO"} {
			if r := red(p, "Normal", u); r > m.Instance {
				m.Instance, m.InstanceFrom = r, fmt.Sprintf("%s against Normal, User-%d (%s → %s), the largest published reduction the paper says is none or not really significant (L-16, L-20)",
					p, u, PublishedCompletion["Normal"][u], PublishedCompletion[p][u])
			}
		}
	}
	return m
}

// Sensitivity says where the margin of word comes from and at which margin
// a bound of v (within when v ≤ the margin) would turn: v itself, set
// against the range the paper allows, from its own instance of the word to
// the margin. f formats a value.
func (m Margin) Sensitivity(word string, v float64, f func(float64) string) string {
	s := fmt.Sprintf("margin %s: %s; the paper's own instance of %q is %s (%s), the other end of what its text allows; ",
		f(m.Value), m.From, word, f(m.Instance), m.InstanceFrom)
	switch {
	case math.IsNaN(v):
		return s + "no repetitions to bound"
	case v <= m.Instance:
		return s + fmt.Sprintf("the bound turns only at a margin below %s, under the paper's own instance: it holds anywhere in %s–%s", f(v), f(m.Instance), f(m.Value))
	case v <= m.Value:
		return s + fmt.Sprintf("the bound turns at a margin of %s, inside %s–%s: it holds for any margin of %s or more, not at the paper's own instance", f(v), f(m.Instance), f(m.Value), f(v))
	}
	return s + fmt.Sprintf("the bound fails even at the margin; it would hold from %s, above what the paper's text allows", f(v))
}

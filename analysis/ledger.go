package analysis

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"math"
)

// The four verdicts of a claims ledger. A verdict is computed from the
// runs, never written by hand.
const (
	VerdictHeld         = "held"
	VerdictNotHeld      = "not held"
	VerdictInconclusive = "inconclusive"
	VerdictNotTestable  = "not testable"
)

// MinPairs is the smallest number of pairs with which a two-sided exact
// Wilcoxon signed-rank test can reach Alpha after Holm over a family of m
// comparisons: with n untied non-zero differences the smallest two-sided p
// is 2/2^n, and Holm multiplies the smallest p by m. Fewer pairs can never
// decide a directional claim, whatever the data.
func MinPairs(m int) int {
	m = max(m, 1)
	for n := 1; ; n++ {
		if float64(m)*math.Pow(2, 1-float64(n)) < Alpha {
			return n
		}
	}
}

// Underpowered reports whether comparison c, tested in a Holm family of
// size m, had too few pairs to ever reach Alpha (Unpaired: too few values,
// the smallest two-sided p of samples of n1 and n2 being 2/C(n1+n2, n1)).
func (c *Comparison) Underpowered(m int) bool {
	if c.Unpaired {
		n1, n2 := len(c.X), len(c.Y)
		return n1 == 0 || n2 == 0 || float64(max(m, 1))*rankSumMinP(n1, n2) >= Alpha
	}
	return c.N < MinPairs(m)
}

// rankSumMinP is the smallest two-sided p of a rank-sum test of samples of
// n1 and n2 values, 2/C(n1+n2, n1).
func rankSumMinP(n1, n2 int) float64 {
	lc, _ := math.Lgamma(float64(n1 + n2 + 1))
	l1, _ := math.Lgamma(float64(n1 + 1))
	l2, _ := math.Lgamma(float64(n2 + 1))
	return 2 * math.Exp(l1+l2-lc)
}

// LedgerEntry is one result statement of a paper with its verdict: the
// shape of paper/<exp>.claims.json, the same for every study.
type LedgerEntry struct {
	ID      string `json:"id"`
	Quote   string `json:"quote"`   // the paper's words
	Section string `json:"section"` // where the paper says it, e.g. "§6" or "Fig. 2"
	Scope   string `json:"scope"`   // what it was tested on (workload, window, ...); empty for the whole study
	// Verdict is one of VerdictHeld, VerdictNotHeld, VerdictInconclusive,
	// VerdictNotTestable.
	Verdict string `json:"verdict"`
	// Statistic names the test and its value, e.g. "Wilcoxon r=-0.82";
	// empty when nothing was tested.
	Statistic string `json:"statistic,omitempty"`
	// P is the Holm-adjusted p of the decisive comparison (nil when no
	// test was run), N its number of pairs.
	P *float64 `json:"p"`
	N int      `json:"n"`
	// Note says why (not testable, inconclusive, satisfied by
	// construction, fitted in sample, ...).
	Note string `json:"note,omitempty"`
	// InSample marks a claim or cell the calibration was fitted on: it
	// cannot count as validated.
	InSample bool `json:"in_sample,omitempty"`
	// Kind is KindPublished for an equality with a published table's
	// value, KindClaim (or empty, before the file is written) for a
	// statement of the paper's text.
	Kind string `json:"kind,omitempty"`
	// Alternative names the alternative reading the entry is decided
	// under (its id then ends in "/<reading>"); empty under the default
	// readings. Headline counts keep the two apart, since one statement
	// is counted once per reading.
	Alternative string `json:"alternative_reading,omitempty"`
	// Results are the comparisons the verdict was decided on, one per
	// workload (and configuration, pair of algorithms), each with its own
	// numbers: a claim over several workloads lists them all, not one.
	Results []Result `json:"results,omitempty"`
}

// KindClaim is the Kind of a statement of the paper's text.
const KindClaim = "claim"

// Result is an entry's result in one workload (scope), as claims.json
// gives it: how many of the comparisons made there held, and the decisive
// one (the first failing, else the weakest; see Decide): what was
// compared, on how many pairs, the means, the rank-biserial r, the raw and
// Holm-adjusted two-sided Wilcoxon p, and whether it held. A value that
// could not be computed is null.
type Result struct {
	Scope       string   `json:"scope,omitempty"`
	Comparisons int      `json:"comparisons"`
	HeldN       int      `json:"held"`
	Comparison  string   `json:"decisive"`
	Want        string   `json:"want"` // "<", ">" or "≤": A against B
	N           int      `json:"n"`
	MeanA       *float64 `json:"mean_a"`
	MeanB       *float64 `json:"mean_b"`
	R           *float64 `json:"r"`
	P           *float64 `json:"p"`
	PHolm       *float64 `json:"p_holm"`
	Held        bool     `json:"decisive_held"`
	Reversed    bool     `json:"decisive_reversed,omitempty"` // significant the other way
	Error       string   `json:"error,omitempty"`
}

// resultsByScope is one Result per scope of cs, in the order the scopes
// first appear (comparisons without a scope are the entry's own).
func resultsByScope(cs []*Comparison) []Result {
	var scopes []string
	by := map[string][]*Comparison{}
	for _, c := range cs {
		if _, ok := by[c.Scope]; !ok {
			scopes = append(scopes, c.Scope)
		}
		by[c.Scope] = append(by[c.Scope], c)
	}
	out := make([]Result, 0, len(scopes))
	for _, sc := range scopes {
		v := Decide(by[sc])
		r := ResultOf(v.Decisive)
		r.Scope, r.Comparisons, r.HeldN = sc, v.N, v.HeldN
		out = append(out, r)
	}
	return out
}

// ResultOf is c, tested, as a Result.
func ResultOf(c *Comparison) Result {
	r := Result{Comparison: c.Name, Scope: c.Scope, Want: c.Want.Op(), N: c.N, Held: c.Held(), Reversed: c.Reversed(),
		MeanA: finite(c.MeanA), MeanB: finite(c.MeanB), PHolm: finite(c.PAdj)}
	if c.Err != nil {
		r.Error = c.Err.Error()
		return r
	}
	r.R, r.P = finite(c.Res.Effect), finite(c.Res.P)
	return r
}

func finite(v float64) *float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return nil
	}
	return &v
}

// KindPublished is the Kind of an entry that compares a reproduced value
// with a published table's: a misprint there is not a claim not held.
const KindPublished = "published value"

// FromVerdict fills e's verdict, statistic, p and n from a tested row: held
// when every comparison held, inconclusive when it did not hold and its
// decisive comparison had fewer than MinPairs(family) pairs (the note then
// says how many are needed), not held otherwise. A "≤" comparison
// (NotHigher) holds by failing to reject, which with fewer than
// MinPairs(family) pairs no data could do: a row that holds only so is
// inconclusive too.
func (e LedgerEntry) FromVerdict(v Verdict, family int) LedgerEntry {
	c := v.Decisive
	if c == nil {
		e.Verdict = VerdictNotTestable
		if e.Note == "" {
			e.Note = "no comparison could be made"
		}
		return e
	}
	e.N = c.N
	e.Results = resultsByScope(v.All)
	if !math.IsNaN(c.PAdj) {
		p := c.PAdj
		e.P = &p
	}
	if c.Err == nil {
		e.Statistic = fmt.Sprintf("%s, r=%.2f, means %.4g vs %.4g", c.TestName(), c.Res.Effect, c.MeanA, c.MeanB)
	}
	vac := vacuous(v.All, family)
	switch {
	case v.Held() && vac != nil:
		e.Verdict = VerdictInconclusive
		e.Note = JoinNote(e.Note, "a \"≤\" comparison cannot fail with so few pairs; "+vac.tooFewNote(family))
	case v.Held():
		e.Verdict = VerdictHeld
	case c.N == 0:
		// Nothing to test, not too few repetitions: the metric has no
		// value in the comparison's scope, or its runs failed.
		e.Verdict = VerdictInconclusive
		e.Note = JoinNote(e.Note, "no paired values in "+cmp.Or(c.Scope, "its scope"))
	case !c.Reversed() && c.Underpowered(family):
		e.Verdict = VerdictInconclusive
		e.Note = JoinNote(e.Note, c.tooFewNote(family))
	default:
		e.Verdict = VerdictNotHeld
	}
	return e
}

// tooFewNote is TooFewNote for c: for an Unpaired comparison, the values
// each sample needs (MinSamples).
func (c *Comparison) tooFewNote(family int) string {
	if c.Unpaired {
		return fmt.Sprintf("too few repetitions: at least %d in each sample needed", MinSamples(family))
	}
	return TooFewNote(family)
}

// MinSamples is MinPairs for two independent samples of one size n (an
// Unpaired comparison): the smallest n whose smallest two-sided p,
// 2/C(2n, n), times m is below Alpha.
func MinSamples(m int) int {
	m = max(m, 1)
	for n := 1; ; n++ {
		if float64(m)*rankSumMinP(n, n) < Alpha {
			return n
		}
	}
}

// vacuous returns the first of the "≤" comparisons cs that, tested in a
// Holm family of size family, had too few pairs to ever fail (nil: none).
func vacuous(cs []*Comparison, family int) *Comparison {
	for _, c := range cs {
		if c.Want == NotHigher && c.Err == nil && c.Underpowered(family) {
			return c
		}
	}
	return nil
}

// LedgerCounts are a ledger's verdicts counted.
type LedgerCounts struct {
	Total        int `json:"total"`
	Held         int `json:"held"`
	NotHeld      int `json:"not_held"`
	Inconclusive int `json:"inconclusive"`
	NotTestable  int `json:"not_testable"`
}

// Count counts the verdicts of es.
func Count(es []LedgerEntry) LedgerCounts {
	c := LedgerCounts{Total: len(es)}
	for _, e := range es {
		switch e.Verdict {
		case VerdictHeld:
			c.Held++
		case VerdictNotHeld:
			c.NotHeld++
		case VerdictInconclusive:
			c.Inconclusive++
		default:
			c.NotTestable++
		}
	}
	return c
}

// Method says how a ledger's verdicts are decided: the head of
// claims.json, so that a reader can recompute every verdict from the runs.
type Method struct {
	Alpha        float64 `json:"alpha"`
	Test         string  `json:"test"`
	Correction   string  `json:"correction"`
	Direction    string  `json:"direction"`
	Inconclusive string  `json:"inconclusive"`
	Intervals    string  `json:"intervals"`
	// Tolerance is the study's rule for a reproduced value to match a
	// published one (the "published value" entries).
	Tolerance string `json:"published_tolerance"`
	Version   string `json:"gridbench_version"`
}

// StandardMethod is the method every study's ordering claims share, with
// the study's tolerance rule for published values and gridbench's version.
func StandardMethod(tolerance, version string) Method {
	return Method{
		Alpha:        Alpha,
		Test:         fmt.Sprintf("Wilcoxon signed-rank, two-sided, zero differences dropped; exact for at most %d non-zero differences without zeros or ties, else the tie-corrected normal approximation without continuity correction (scipy.stats.wilcoxon, method=\"approx\"); paired by seed (the same instance, window or repetition for every algorithm); a comparison of independent instances (two streams' repetitions, each drawn from its own seed) is the two-sided Mann–Whitney U test, exact for samples of at most %d, its r the rank-biserial 2U/(n1·n2) − 1", WilcoxonExactMaxN, MannWhitneyExactMaxN),
		Correction:   "Holm over the comparisons of one claim (all its workloads and pairs of algorithms together)",
		Direction:    "a '<' or '>' comparison holds when p_Holm < alpha and the matched-pairs rank-biserial r has the claimed sign; '≤' holds unless the first is significantly higher; an entry holds when every comparison holds",
		Inconclusive: fmt.Sprintf("not held, or held only by a '≤' that could not have failed, with fewer pairs than any data could decide: with n pairs the smallest two-sided p is 2/2^n, times the Holm family's size (e.g. at least %d pairs for one comparison)", MinPairs(1)),
		Intervals:    "equivalence and non-inferiority claims: 95% t-interval of the paired mean difference against the margin the entry's note states (two one-sided tests at 2.5%)",
		Tolerance:    tolerance,
		Version:      version,
	}
}

// LedgerFile is the whole of paper/<exp>.claims.json.
type LedgerFile struct {
	Study  string `json:"study"`
	Method Method `json:"method"`
	// Counts are the verdicts of the paper's claims under the default
	// readings and, apart, under alternative readings and of the
	// equalities with published values.
	Counts      LedgerCounts  `json:"claims"`
	Alternative LedgerCounts  `json:"alternative_readings"`
	Published   LedgerCounts  `json:"published_values"`
	Entries     []LedgerEntry `json:"entries"`
}

// NewLedgerFile is es as a study's claims file: every entry with its kind,
// and the verdicts of each kind counted.
func NewLedgerFile(study string, m Method, es []LedgerEntry) LedgerFile {
	f := LedgerFile{Study: study, Method: m, Entries: make([]LedgerEntry, len(es))}
	for i, e := range es {
		if e.Kind == "" {
			e.Kind = KindClaim
		}
		f.Entries[i] = e
	}
	claims, pub := SplitKinds(f.Entries)
	def, alt := SplitReadings(claims)
	f.Counts, f.Alternative, f.Published = Count(def), Count(alt), Count(pub)
	return f
}

// SplitReadings separates the entries under the default readings from
// those under an alternative one, each in its order.
func SplitReadings(es []LedgerEntry) (def, alt []LedgerEntry) {
	for _, e := range es {
		if e.Alternative != "" {
			alt = append(alt, e)
		} else {
			def = append(def, e)
		}
	}
	return def, alt
}

// SplitKinds separates the paper's claims from the equalities with
// published values, each in its order.
func SplitKinds(es []LedgerEntry) (claims, published []LedgerEntry) {
	for _, e := range es {
		if e.Kind == KindPublished {
			published = append(published, e)
		} else {
			claims = append(claims, e)
		}
	}
	return claims, published
}

// WriteLedger writes f as the indented JSON of <exp>.claims.json.
func WriteLedger(w io.Writer, f LedgerFile) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if f.Entries == nil {
		f.Entries = []LedgerEntry{}
	}
	return enc.Encode(f)
}

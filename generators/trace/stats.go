package trace

import (
	"fmt"
	"math"
	"sort"
	"time"

	// Hour-of-day tables must not depend on the machine's zoneinfo files:
	// embed the time zone database (about 450 KB).
	_ "time/tzdata"
)

// Summary is the five-number summary plus mean of a sample.
// Quartiles interpolate linearly between order statistics (R's default,
// type 7: the p-quantile of sorted x[0..n-1] is at position p*(n-1)).
type Summary struct {
	N                              int
	Min, Q1, Median, Q3, Mean, Max float64
}

// Summarize returns the summary of xs (NaN everywhere but N for an empty
// sample). xs is not modified.
func Summarize(xs []float64) Summary {
	s := Summary{N: len(xs)}
	if len(xs) == 0 {
		nan := math.NaN()
		s.Min, s.Q1, s.Median, s.Q3, s.Mean, s.Max = nan, nan, nan, nan, nan, nan
		return s
	}
	x := append([]float64(nil), xs...)
	sort.Float64s(x)
	var sum float64
	for _, v := range x {
		sum += v
	}
	s.Min, s.Max, s.Mean = x[0], x[len(x)-1], sum/float64(len(x))
	s.Q1, s.Median, s.Q3 = quantile(x, 0.25), quantile(x, 0.5), quantile(x, 0.75)
	return s
}

func quantile(sorted []float64, p float64) float64 {
	pos := p * float64(len(sorted)-1)
	i := int(pos)
	if i+1 >= len(sorted) {
		return sorted[len(sorted)-1]
	}
	f := pos - float64(i)
	return sorted[i] + f*(sorted[i+1]-sorted[i])
}

// Histogram is a log-binned histogram: bin 0 is [0, 1), bin k >= 1 is
// [2^(k-1), 2^k). Powers of two suit run times and CPU counts, which span
// six orders of magnitude in grid traces.
type Histogram struct {
	Edges  []float64 // len(Counts)+1 bin edges: 0, 1, 2, 4, ...
	Counts []int
}

// LogHistogram bins the non-negative values of xs; negative (missing) values
// are ignored.
func LogHistogram(xs []float64) Histogram {
	var h Histogram
	for _, v := range xs {
		if v < 0 || math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		k := 0
		if v >= 1 {
			_, e := math.Frexp(v) // v = f * 2^e with f in [0.5, 1): v in [2^(e-1), 2^e)
			k = e
		}
		for len(h.Counts) <= k {
			h.Counts = append(h.Counts, 0)
		}
		h.Counts[k]++
	}
	if len(h.Counts) > 0 {
		h.Edges = make([]float64, len(h.Counts)+1)
		for k := 1; k < len(h.Edges); k++ {
			h.Edges[k] = math.Ldexp(1, k-1)
		}
	}
	return h
}

// Stats describes a whole trace.
type Stats struct {
	Name   string
	Format Format
	Header *Header

	Jobs  int // job records read
	Users int // distinct recorded user ids

	// Submit times as written in the trace (relative seconds for SWF,
	// usually absolute Unix seconds for GWA files), over recorded (>= 0) ones.
	FirstSubmit, LastSubmit float64
	Span                    float64 // LastSubmit - FirstSubmit, seconds

	MissingSubmit int // jobs with submit time -1
	MissingRun    int // jobs with run time -1
	MissingCPUs   int // jobs with neither allocated nor requested processors

	Run     Summary   // recorded run times, seconds
	RunHist Histogram // of run times
	Wait    Summary   // recorded wait times (N = 0 when the trace has none)
	CPUs    Summary   // Job.CPUs over jobs that have it
	CPUHist Histogram
	Status  map[int]int // jobs per status code (1 completed, 0 failed, 5 cancelled, -1 unknown)

	// Arrivals by local hour of day and by day of week (index time.Weekday,
	// Sunday = 0), under the clock Clock describes.
	ByHour    [24]int
	ByWeekday [7]int
	Clock     string

	// Submits holds the recorded submit times in file order, for WindowCounts.
	Submits []float64
}

// absoluteThreshold separates relative submit times from absolute Unix
// times when a header gives no start: 1e8 s is March 1973, earlier than any
// archived log and later than any relative offset (three years).
const absoluteThreshold = 1e8

// Analyze reads r to the end and describes the trace. The error is r's
// error; the Stats are then those of the jobs read before it.
func Analyze(r Reader) (*Stats, error) {
	s := &Stats{Name: r.Name(), Format: r.Format(), Status: map[int]int{}}
	users := map[int]bool{}
	var runs, waits, cpus []float64
	for r.Next() {
		if s.Jobs == 0 {
			// Sized from the header, read with the first record: grown by
			// append, four lists of RICC-2010-2's 447,794 jobs were copied
			// at every doubling, which a collection under way cannot stop
			// (see sim.CloneJobs).
			n := CapacityOf(r, 0)
			s.Submits, runs, waits, cpus = make([]float64, 0, n), make([]float64, 0, n), make([]float64, 0, n), make([]float64, 0, n)
		}
		j := r.Job()
		s.Jobs++
		if j.User >= 0 {
			users[j.User] = true
		}
		if j.Submit >= 0 {
			s.Submits = append(s.Submits, j.Submit)
		} else {
			s.MissingSubmit++
		}
		if j.Run >= 0 {
			runs = append(runs, j.Run)
		} else {
			s.MissingRun++
		}
		if j.Wait >= 0 {
			waits = append(waits, j.Wait)
		}
		if c := j.CPUs(); c >= 1 {
			cpus = append(cpus, float64(c))
		} else {
			s.MissingCPUs++
		}
		s.Status[j.Status]++
	}
	s.Header = r.Header()
	s.Users = len(users)
	s.Run, s.RunHist = Summarize(runs), LogHistogram(runs)
	s.Wait = Summarize(waits)
	s.CPUs, s.CPUHist = Summarize(cpus), LogHistogram(cpus)
	if len(s.Submits) > 0 {
		s.FirstSubmit, s.LastSubmit = s.Submits[0], s.Submits[0]
		for _, t := range s.Submits {
			s.FirstSubmit, s.LastSubmit = min(s.FirstSubmit, t), max(s.LastSubmit, t)
		}
		s.Span = s.LastSubmit - s.FirstSubmit
	}
	offset, loc, clock := s.clock()
	s.Clock = clock
	for _, t := range s.Submits {
		sec := math.Floor(t)
		tm := time.Unix(offset+int64(sec), 0).In(loc)
		s.ByHour[tm.Hour()]++
		s.ByWeekday[tm.Weekday()]++
	}
	return s, r.Err()
}

// clock decides how submit times map to wall-clock time: the offset to add
// to reach Unix time, the location, and a sentence saying what was assumed.
func (s *Stats) clock() (int64, *time.Location, string) {
	h := s.Header
	loc, zone := time.UTC, "UTC (no time zone in the header)"
	if h != nil && h.TimeZoneString != "" {
		if l, err := time.LoadLocation(h.TimeZoneString); err == nil {
			loc, zone = l, h.TimeZoneString+" (header TimeZoneString)"
		} else if h.Has("TimeZone") {
			loc, zone = time.FixedZone("header", h.TimeZone), fmt.Sprintf("UTC%+d s (header TimeZone; %q unknown here)", h.TimeZone, h.TimeZoneString)
		}
	} else if h != nil && h.Has("TimeZone") {
		loc, zone = time.FixedZone("header", h.TimeZone), fmt.Sprintf("UTC%+d s (header TimeZone)", h.TimeZone)
	}
	switch {
	case h != nil && h.UnixStartTime >= 0:
		return h.UnixStartTime, loc, fmt.Sprintf("submit time + header UnixStartTime %d, local time %s", h.UnixStartTime, zone)
	case len(s.Submits) > 0 && s.FirstSubmit >= absoluteThreshold:
		return 0, loc, fmt.Sprintf("no UnixStartTime in the header; submit times >= 1e8 taken as absolute Unix seconds, local time %s", zone)
	}
	// Monday 1970-01-05 00:00 UTC: the tables then read as "hours and days
	// since the trace's time 0", which is all a relative trace supports.
	const monday = 4 * 86400
	return monday, time.UTC, "no UnixStartTime in the header and relative submit times: time 0 taken as Monday 00:00 UTC, so hour and weekday are relative to the trace's start"
}

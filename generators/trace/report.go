package trace

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"
)

// WriteText writes a readable summary of s: counts, span, distributions,
// and the hour-of-day and day-of-week arrival tables.
func (s *Stats) WriteText(w io.Writer) error {
	bw := bufio.NewWriter(w)
	p := func(format string, a ...any) { fmt.Fprintf(bw, format, a...) }
	p("trace      %s (%s)\n", s.Name, s.Format)
	if h := s.Header; h != nil {
		var system []string // (either may be missing: a generated log has no installation)
		for _, v := range []string{h.Installation, h.Computer} {
			if v != "" {
				system = append(system, v)
			}
		}
		if len(system) > 0 {
			p("system     %s\n", strings.Join(system, "; "))
		}
		var known []string // (a header may give either alone: -1 is no count)
		for _, f := range []struct {
			key string
			n   int
		}{{"MaxJobs", h.MaxJobs}, {"MaxProcs", h.MaxProcs}} {
			if f.n >= 0 {
				known = append(known, fmt.Sprintf("%s %d", f.key, f.n))
			}
		}
		if len(known) > 0 {
			p("header     %s\n", strings.Join(known, ", "))
		}
	}
	p("jobs       %d\n", s.Jobs)
	p("users      %d\n", s.Users)
	p("span       %.0f s = %.2f days (submit %s .. %s)\n", s.Span, s.Span/86400, num(s.FirstSubmit), num(s.LastSubmit))
	if s.MissingSubmit+s.MissingRun+s.MissingCPUs > 0 {
		p("missing    submit %d, run time %d, processors %d\n", s.MissingSubmit, s.MissingRun, s.MissingCPUs)
	}
	codes := make([]int, 0, len(s.Status))
	for c := range s.Status {
		codes = append(codes, c)
	}
	sort.Ints(codes)
	p("status    ")
	for _, c := range codes {
		p(" %s=%d", statusName(c), s.Status[c])
	}
	p("\n\n%-12s %8s %10s %10s %10s %10s %12s %10s\n", "", "n", "min", "q1", "median", "q3", "mean", "max")
	row := func(name string, m Summary) {
		p("%-12s %8d %10s %10s %10s %10s %12s %10s\n", name, m.N, num(m.Min), num(m.Q1), num(m.Median), num(m.Q3), num(m.Mean), num(m.Max))
	}
	row("run time s", s.Run)
	if s.Wait.N > 0 {
		row("wait s", s.Wait)
	}
	row("processors", s.CPUs)
	hist := func(title string, h Histogram) {
		p("\n%s (log2 bins)\n", title)
		for k, c := range h.Counts {
			p("  %-18s %10d\n", fmt.Sprintf("[%g, %g)", h.Edges[k], h.Edges[k+1]), c)
		}
	}
	hist("run time s", s.RunHist)
	hist("processors", s.CPUHist)
	p("\narrivals by hour of day (%s)\n", s.Clock)
	for hr, c := range s.ByHour {
		p("  %02d %10d %s\n", hr, c, bar(c, s.ByHour[:]))
	}
	p("\narrivals by day of week\n")
	for d, c := range s.ByWeekday {
		p("  %-3s %9d %s\n", time.Weekday(d).String()[:3], c, bar(c, s.ByWeekday[:]))
	}
	return bw.Flush()
}

func statusName(c int) string {
	switch c {
	case 1:
		return "completed"
	case 0:
		return "failed"
	case 5:
		return "cancelled"
	case -1:
		return "unknown"
	}
	return strconv.Itoa(c)
}

func bar(c int, all []int) string {
	m := 0
	for _, v := range all {
		m = max(m, v)
	}
	if m == 0 {
		return ""
	}
	const width = 40
	n := int(math.Round(float64(c) / float64(m) * width))
	b := make([]byte, n)
	for i := range b {
		b[i] = '#'
	}
	return string(b)
}

// num formats a value compactly: integers without decimals, others with 2.
func num(v float64) string {
	if math.IsNaN(v) {
		return "-"
	}
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return strconv.FormatFloat(v, 'f', 2, 64)
}

// WriteCountsCSV writes "window,start,count", one row per window; start is
// the absolute start of the window in the trace's time unit.
func WriteCountsCSV(w io.Writer, win Windows) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "window,start,count")
	for i, c := range win.Counts {
		fmt.Fprintf(bw, "%d,%s,%d\n", i, strconv.FormatFloat(win.Start+float64(i)*win.Width, 'f', -1, 64), c)
	}
	return bw.Flush()
}

// WriteACFCSV writes "lag,lag_seconds,acf"; lag is the spacing in seconds.
func WriteACFCSV(w io.Writer, acf []float64, lag float64) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "lag,lag_seconds,acf")
	for k, r := range acf {
		fmt.Fprintf(bw, "%d,%s,%s\n", k, strconv.FormatFloat(float64(k)*lag, 'f', -1, 64), strconv.FormatFloat(r, 'g', 10, 64))
	}
	return bw.Flush()
}

// WriteSpectrumCSV writes "bin,cycles_per_day,period_hours,magnitude"
// (period_hours is empty for the constant bin).
func WriteSpectrumCSV(w io.Writer, spec []SpectrumPoint) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "bin,cycles_per_day,period_hours,magnitude")
	for k, p := range spec {
		period := ""
		if !math.IsInf(p.Period, 0) {
			period = strconv.FormatFloat(p.Period, 'g', 10, 64)
		}
		fmt.Fprintf(bw, "%d,%s,%s,%s\n", k, strconv.FormatFloat(p.Freq, 'g', 10, 64), period, strconv.FormatFloat(p.Mag, 'g', 10, 64))
	}
	return bw.Flush()
}

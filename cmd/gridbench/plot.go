package main

import (
	"cmp"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/gridbench/gridbench/internal/jobsout"
	"github.com/gridbench/gridbench/plots"
	"github.com/gridbench/gridbench/report"
)

func init() { register(plotCommand) }

func plotCommand() *cli.Command {
	out := func() cli.Flag {
		return &cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write the figure to `FILE`: .png, .svg or .pdf", Required: true}
	}
	title := func() cli.Flag {
		return &cli.StringFlag{Name: "title", Usage: "the figure's title", DefaultText: "the jobs file's name"}
	}
	size := func() cli.Flag {
		return &cli.StringFlag{Name: "size", Usage: "figure size `WxH` in inches", Value: "9x5"}
	}
	return &cli.Command{
		Name:  "plot",
		Usage: "figures of a schedule from a jobs file (simulate --jobs-out, Batsim's jobs.csv): gantt, utilisation, queue",
		Subcommands: []*cli.Command{{
			Name:      "gantt",
			Usage:     "jobs as rectangles over time x CPU ids (allocated_resources), coloured by a column",
			ArgsUsage: "JOBS.csv",
			Description: `Draws each job as a rectangle from its start to its end over the CPU ids it held
(allocated_resources in evalys's notation, e.g. "0-3 8"). With more than 5000 rectangles, or more CPUs
than 500 rows, the schedule is drawn on a grid of 1000 x 500 cells instead: each cell in the colour of the
group that covers most of it, paler the more of it is idle, so 100,000 jobs stay readable.

--color-by backfilled colours the jobs that started before a job submitted earlier; any other name is
a column of the file or a key of its metadata (user=U): the 7 values whose jobs held the most
CPU time (CPUs x run time; then the most jobs) get a colour each, the others one more.`,
			Flags:  []cli.Flag{out(), title(), size(), &cli.StringFlag{Name: "color-by", Usage: "colour jobs by `COLUMN`: backfilled, user, or any column name", DefaultText: "one colour"}, &cli.IntFlag{Name: "cpus", Usage: "CPU ids drawn, 0..N-1", DefaultText: "one past the highest id held"}},
			Action: plotGantt,
		}, {
			Name:        "utilisation",
			Usage:       "CPUs in use over time",
			ArgsUsage:   "JOBS.csv",
			Description: "Draws the CPUs busy over time (a job's allocated_resources, else requested_number_of_resources,\nfrom its start to its end); above 4000 steps, the time-weighted mean of each of 2000 equal bins.\nA file that gives no job's CPUs (simulate --jobs-format short writes neither column) is refused.",
			Flags:       []cli.Flag{out(), title(), size()},
			Action:      func(c *cli.Context) error { return plotSteps(c, "CPUs in use", jobsout.Used) },
		}, {
			Name:        "queue",
			Usage:       "waiting jobs over time",
			ArgsUsage:   "JOBS.csv",
			Description: "Draws the jobs submitted and not yet started over time; above 4000 steps, the time-weighted mean\nof each of 2000 equal bins.",
			Flags:       []cli.Flag{out(), title(), size()},
			Action:      func(c *cli.Context) error { return plotSteps(c, "waiting jobs", jobsout.Waiting) },
		}},
	}
}

// plotInput reads the one jobs file a plot command takes.
// Its columns are kept only when --color-by reads them.
func plotInput(c *cli.Context) (*jobsout.File, error) {
	if c.NArg() != 1 {
		return nil, fmt.Errorf("plot %s: want one jobs file (got %q)", c.Command.Name, c.Args().Slice())
	}
	read := jobsout.ReadSchedule
	if by := c.String("color-by"); by != "" && by != "backfilled" {
		read = jobsout.ReadFile
	}
	f, err := read(c.Args().First())
	if err != nil {
		return nil, err
	}
	if len(f.Rows) == 0 && f.NotStarted == 0 {
		return nil, fmt.Errorf("%s: no jobs (its header line alone): nothing to draw", f.Name)
	}
	if len(f.Rows) == 0 {
		return nil, fmt.Errorf("%s: no job started (%d %s never did: no starting_time, as Batsim writes a rejected job): nothing to draw",
			f.Name, f.NotStarted, report.Plural(f.NotStarted, "job"))
	}
	if f.NotStarted > 0 {
		fmt.Fprintf(c.App.ErrWriter, "plot %s: %s: left out %d %s that never started (no starting_time, as Batsim writes a rejected job)\n",
			c.Command.Name, f.Name, f.NotStarted, report.Plural(f.NotStarted, "job"))
	}
	return f, nil
}

// saveFigure writes p to --out in the format its extension names.
func saveFigure(c *cli.Context, p *plot.Plot) error {
	out := c.String("out")
	ext := strings.TrimPrefix(strings.ToLower(filepath.Ext(out)), ".")
	if ext != "png" && ext != "svg" && ext != "pdf" {
		return fmt.Errorf("--out %s: name the figure .png, .svg or .pdf", out)
	}
	w, h, ok := strings.Cut(c.String("size"), "x")
	wi, err1 := strconv.ParseFloat(w, 64)
	hi, err2 := strconv.ParseFloat(h, 64)
	if !ok || err1 != nil || err2 != nil || !(wi >= 1 && wi <= 100 && hi >= 1 && hi <= 100) {
		return fmt.Errorf("--size %q: want WxH in inches, each 1 to 100, e.g. 9x5", c.String("size"))
	}
	if err := plots.SaveFile(p, vg.Length(wi)*vg.Inch, vg.Length(hi)*vg.Inch, out); err != nil {
		return fmt.Errorf("--out %s: %w", out, err)
	}
	fmt.Fprintf(c.App.ErrWriter, "plot %s: wrote %s\n", c.Command.Name, out)
	return nil
}

func figureTitle(c *cli.Context, f *jobsout.File) string {
	if c.IsSet("title") {
		return c.String("title")
	}
	return asciiOnly(f.Name)
}

// asciiOnly replaces what the PDF backend cannot draw.
func asciiOnly(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r > 0x7e {
			return '?'
		}
		return r
	}, s)
}

func plotSteps(c *cli.Context, ylabel string, series func([]jobsout.Row) jobsout.Step) error {
	f, err := plotInput(c)
	if err != nil {
		return err
	}
	if c.Command.Name == "utilisation" {
		if err := cpuCounts(f); err != nil {
			return err
		}
		warnAllocations(c, f)
	}
	p, err := plots.Steps(plots.StepSpec{Title: figureTitle(c, f), YLabel: ylabel,
		Series: []plots.StepSeries{scheduleSteps(f.Rows, ylabel, series)}})
	if err != nil {
		return err
	}
	return saveFigure(c, p)
}

// scheduleSteps is series over rows (at least one) as the figure draws
// it: from the first submission, at 0 until the series' first change, to
// the last end. The queue and utilisation figures of one schedule then
// span the same time, the Gantt chart's; they began at the first change,
// the first job that waited or the first start, an hour or days after
// the first submission.
func scheduleSteps(rows []jobsout.Row, name string, series func([]jobsout.Row) jobsout.Step) plots.StepSeries {
	s := series(rows)
	t0, end := rows[0].Submit, rows[0].End
	for i := range rows {
		t0, end = min(t0, rows[i].Submit), max(end, rows[i].End)
	}
	if len(s.T) == 0 || s.T[0] > t0 {
		s.T, s.Y = append([]float64{t0}, s.T...), append([]float64{0}, s.Y...)
	}
	return plots.StepSeries{Name: name, T: s.T, Y: s.Y, TEnd: max(end, s.T[len(s.T)-1])}
}

func plotGantt(c *cli.Context) error {
	f, err := plotInput(c)
	if err != nil {
		return err
	}
	groups, names, err := colourGroups(f, c.String("color-by"))
	if err != nil {
		return err
	}
	if n := c.Int("cpus"); c.IsSet("cpus") && n < 1 {
		return fmt.Errorf("--cpus %d: the CPU ids drawn are 0..N-1, N at least 1 (leave it out for one past the highest id held)", n)
	}
	spec := plots.CPUGanttSpec{Title: figureTitle(c, f), CPUs: c.Int("cpus"), Groups: names}
	var top struct{ cpu, row int } // the highest CPU id held, and a row holding it
	for i, r := range f.Rows {
		if r.Alloc == nil {
			return fmt.Errorf("%s: no allocated_resources column: a Gantt chart over CPUs needs the ids each job held (simulate --jobs-out writes them; --jobs-format short does not)", f.Name)
		}
		j := plots.CPUJob{Start: r.Start, End: r.End, Group: groups[i]}
		for _, iv := range r.Alloc {
			j.CPUs = append(j.CPUs, [2]int{iv.Lo, iv.Hi})
			if iv.Hi > top.cpu {
				top.cpu, top.row = iv.Hi, i
			}
		}
		spec.Jobs = append(spec.Jobs, j)
	}
	if spec.CPUs > 0 && top.cpu >= spec.CPUs {
		r := f.Rows[top.row]
		return fmt.Errorf("--cpus %d: job %s (%s:%d) holds CPU %d: give --cpus %d or more, or leave it out", spec.CPUs, r.ID, f.Name, r.Line, top.cpu, top.cpu+1)
	}
	warnAllocations(c, f)
	p, err := plots.CPUGantt(spec)
	if err != nil {
		return fmt.Errorf("%s: %w", f.Name, err)
	}
	return saveFigure(c, p)
}

// colourGroups gives each job a colour group by the values of column by
// (a column, a metadata key, or "backfilled") and names the groups.
func colourGroups(f *jobsout.File, by string) ([]int, []string, error) {
	groups := make([]int, len(f.Rows))
	switch by {
	case "":
		return groups, nil, nil
	case "backfilled":
		for i, b := range jobsout.Backfilled(f.Rows) {
			if b {
				groups[i] = 1
			}
		}
		return groups, []string{"in submission order", "backfilled"}, nil
	}
	values := make([]string, len(f.Rows))
	if k := f.Column(by); k >= 0 {
		for i, r := range f.Rows {
			values[i] = r.Values[k]
		}
	} else if m := f.Column("metadata"); m >= 0 {
		found := false
		for i, r := range f.Rows {
			for _, kv := range strings.Fields(r.Values[m]) {
				if key, v, ok := strings.Cut(kv, "="); ok && key == by {
					values[i], found = v, true
				}
			}
		}
		if !found {
			return nil, nil, fmt.Errorf("--color-by %s: %s has no such column and no metadata key %s=; its columns: %s", by, f.Name, by, strings.Join(f.Columns, ","))
		}
	} else {
		return nil, nil, fmt.Errorf("--color-by %s: %s has no such column; its columns: %s", by, f.Name, strings.Join(f.Columns, ","))
	}
	// The values that hold the most of the chart, its CPU time, get the
	// colours: a user of a few long wide jobs over one of many short ones.
	count, area := map[string]int{}, map[string]float64{}
	for i, v := range values {
		count[v]++
		area[v] += float64(f.Rows[i].CPUs()) * (f.Rows[i].End - f.Rows[i].Start)
	}
	distinct := make([]string, 0, len(count))
	for v := range count {
		distinct = append(distinct, v)
	}
	// ties by count, then by value, so the colours do not depend on map order
	slices.SortFunc(distinct, func(a, b string) int {
		switch {
		case area[a] != area[b]:
			return cmp.Compare(area[b], area[a])
		case count[a] != count[b]:
			return count[b] - count[a]
		}
		return strings.Compare(a, b)
	})
	top := min(len(distinct), plots.NumColors-1)
	if len(distinct) == plots.NumColors {
		top = plots.NumColors
	}
	index := map[string]int{}
	names := make([]string, 0, top+1)
	for k, v := range distinct[:top] {
		index[v] = k
		label := v
		if label == "" {
			label = "(none)"
		}
		names = append(names, asciiOnly(by+" "+label))
	}
	if len(distinct) > top {
		names = append(names, fmt.Sprintf("%d other values", len(distinct)-top))
	}
	for i, v := range values {
		k, ok := index[v]
		if !ok {
			k = top
		}
		groups[i] = k
	}
	return groups, names, nil
}

// cpuCounts refuses a jobs file that gives no job's CPUs, which the
// utilisation plot would draw as a machine never used: one with neither
// allocated_resources nor requested_number_of_resources (simulate
// --jobs-format short writes neither), or whose every job has an empty
// allocation and no request.
func cpuCounts(f *jobsout.File) error {
	cols := []string{"allocated_resources", "allocated_processors", "requested_number_of_resources", "requested_number_of_processors"}
	if !slices.ContainsFunc(cols, func(c string) bool { return f.Column(c) >= 0 }) {
		return fmt.Errorf("%s: no CPU counts: the CPUs in use need a column allocated_resources or requested_number_of_resources, and its columns are %s "+
			"(simulate --jobs-out writes both, unless --jobs-format short)", f.Name, strings.Join(f.Columns, ","))
	}
	for i := range f.Rows {
		if f.Rows[i].CPUs() > 0 {
			return nil
		}
	}
	return fmt.Errorf("%s: no CPU counts: no job gives a CPU it held (allocated_resources) or a number of CPUs it requested (requested_number_of_resources > 0)", f.Name)
}

// warnAllocations says on stderr, once each, what of f's allocations the
// figure cannot show as they are: jobs that started with no CPU ids (the
// Gantt chart leaves them out; utilisation counts their request), and two
// jobs holding one CPU at once (both are drawn, and counted).
func warnAllocations(c *cli.Context, f *jobsout.File) {
	alloc := "allocated_resources"
	if f.Column(alloc) < 0 {
		alloc = "allocated_processors"
	}
	n := 0
	for i := range f.Rows {
		if f.Rows[i].NoAlloc() {
			n++
		}
	}
	if n > 0 {
		what := "not drawn (no CPU ids)"
		if c.Command.Name == "utilisation" {
			what = "each counted as 0 CPUs (the file has no requested_number_of_resources to count instead)"
			if f.Column("requested_number_of_resources") >= 0 || f.Column("requested_number_of_processors") >= 0 {
				what = "each counted at its requested_number_of_resources"
			}
		}
		fmt.Fprintf(c.App.ErrWriter, "plot %s: %s: %d %s started with an empty %s: %s\n",
			c.Command.Name, f.Name, n, report.Plural(n, "job"), alloc, what)
	}
	if o := jobsout.FindOverlap(f.Rows); o.Jobs > 0 {
		a, b := &f.Rows[o.A], &f.Rows[o.B]
		fmt.Fprintf(c.App.ErrWriter, "plot %s: %s: warning: jobs %s (line %d) and %s (line %d) both hold CPU %d at %g s: their %s overlap (%d %s started on a CPU another job held); the figure shows both\n",
			c.Command.Name, f.Name, a.ID, a.Line, b.ID, b.Line, o.CPU, b.Start, alloc, o.Jobs, report.Plural(o.Jobs, "job"))
	}
}

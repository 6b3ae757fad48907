package plots_test

import (
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/gridbench/gridbench/plots"
	"gonum.org/v1/plot/vg"
)

// tempDir stands in for the report's figure directory.
func tempDir() string {
	dir, err := os.MkdirTemp("", "plots-example")
	if err != nil {
		log.Fatal(err)
	}
	return dir
}

func ExampleLines() {
	p, err := plots.Lines(plots.LineSpec{
		Title:  "Mean flow time vs load",
		XLabel: "mean inter-arrival time (s)",
		YLabel: "mean flow time (s)",
		Note:   "trace: LCG-2005 (AuverGrid not available)",
		Series: []plots.Series{
			{Name: "MCT", X: []float64{1, 2, 5}, Y: []float64{900, 560, 300}, Lo: []float64{850, 530, 290}, Hi: []float64{950, 590, 310}},
			{Name: "Min-Min", X: []float64{1, 2, 5}, Y: []float64{800, 460, 250}}, // no CI bars
		},
	})
	if err != nil {
		log.Fatal(err)
	}
	dir := tempDir()
	defer os.RemoveAll(dir)
	paths, err := plots.Save(p, 6*vg.Inch, 4*vg.Inch, filepath.Join(dir, "flowtime"), "svg", "pdf")
	if err != nil {
		log.Fatal(err)
	}
	for _, path := range paths {
		fmt.Println(filepath.Base(path))
	}
	// Output:
	// flowtime.svg
	// flowtime.pdf
}

func ExampleLines_badSpec() {
	_, err := plots.Lines(plots.LineSpec{Series: []plots.Series{
		{Name: "MCT", X: []float64{1, 2, 5}, Y: []float64{900, 560}},
	}})
	fmt.Println(err)
	// Output:
	// plots: Lines: series 0 "MCT": len(Y)=2, want 3
}

func ExampleGroupedBars() {
	p, err := plots.GroupedBars(plots.BarSpec{
		Title:      "Makespan normalised to MCT",
		YLabel:     "makespan / MCT",
		Categories: []string{"u_c_hihi", "u_c_hilo"},
		Series: []plots.BarSeries{
			{Name: "MCT", Y: []float64{1, 1}},
			{Name: "Min-Min", Y: []float64{0.82, 0.9}, Lo: []float64{0.8, 0.87}, Hi: []float64{0.84, 0.93}},
		},
		HasRef: true, Ref: 1, RefLabel: "MCT = 1",
	})
	if err != nil {
		log.Fatal(err)
	}
	dir := tempDir()
	defer os.RemoveAll(dir)
	if _, err := plots.Save(p, 5*vg.Inch, 3*vg.Inch, filepath.Join(dir, "etc")); err != nil {
		log.Fatal(err)
	}
	fmt.Println("saved")
	// Output: saved
}

// Five heuristics' schedules of the same jobs, side by side on one time
// axis; Color is the job index, so a job has one colour in every panel.
func ExampleGanttGrid() {
	var specs []plots.GanttSpec
	for i, h := range []string{"MCT", "Min-Min", "Max-Min", "Sufferage", "OLB"} {
		specs = append(specs, plots.GanttSpec{
			Title:    h,
			Machines: []string{"m0", "m1"},
			Ready:    []float64{0, 2},
			Tasks: []plots.GanttTask{
				{Machine: 0, Start: 0, End: 5 + float64(i), Label: "j0", Color: 0},
				{Machine: 1, Start: 2, End: 6, Label: "j1", Color: 1},
			},
		})
	}
	grid, err := plots.GanttGrid(specs, 3)
	if err != nil {
		log.Fatal(err)
	}
	dir := tempDir()
	defer os.RemoveAll(dir)
	if _, err := plots.SaveGrid(grid, 9*vg.Inch, 4*vg.Inch, filepath.Join(dir, "gantt"), "png"); err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(grid), "rows of", len(grid[0]), "panels")
	// Output: 2 rows of 3 panels
}

func ExampleStackedArea() {
	p, err := plots.StackedArea(plots.StackSpec{
		Title:  "Job states",
		XLabel: "time (s)",
		YLabel: "jobs",
		X:      []float64{0, 10, 20, 30},
		Layers: []plots.Layer{
			{Name: "done", Y: []float64{0, 1, 3, 4}},
			{Name: "running", Y: []float64{2, 2, 1, 0}},
			{Name: "pending", Y: []float64{2, 1, 0, 0}},
		},
	})
	if err != nil {
		log.Fatal(err)
	}
	dir := tempDir()
	defer os.RemoveAll(dir)
	if _, err := plots.Save(p, 5*vg.Inch, 3*vg.Inch, filepath.Join(dir, "states"), "svg"); err != nil {
		log.Fatal(err)
	}
	fmt.Println("saved")
	// Output: saved
}

func ExampleColor() {
	// Series 0 is the same blue in every figure, and series 8 repeats it
	// with a different marker and a dashed line.
	fmt.Println(plots.Color(0), plots.Color(8) == plots.Color(0), plots.Dashes(8) != nil)
	// Output: {0 114 178 255} true true
}

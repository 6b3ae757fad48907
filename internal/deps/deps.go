// Package deps pins the modules gridbench's packages are being built on, so
// that go.mod keeps them while the packages that use them are written. It
// is removed once every module is imported by real code.
package deps

import (
	_ "github.com/montanaflynn/stats"
	_ "github.com/schollz/progressbar/v3"
	_ "github.com/urfave/cli/v2"
	_ "github.com/xuri/excelize/v2"
	_ "golang.org/x/sync/errgroup"
	_ "gonum.org/v1/gonum/dsp/fourier"
	_ "gonum.org/v1/gonum/stat/distuv"
	_ "gonum.org/v1/plot"
	_ "gonum.org/v1/plot/plotter"
	_ "gonum.org/v1/plot/vg/vgimg"
	_ "gonum.org/v1/plot/vg/vgpdf"
	_ "gonum.org/v1/plot/vg/vgsvg"
)

package plots

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"github.com/gridbench/gridbench/internal/atomicfile"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	vgdraw "gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"
)

// PNGDPI is the resolution of PNG output: enough for a report page and
// for reading 9-point tick labels on screen.
const PNGDPI = 150

// pdfDate is written as the PDF creation and modification date. fpdf
// stamps the current time by default, which would make every PDF differ.
var pdfDate = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

func init() {
	// These are fpdf's process-wide defaults; no other gridbench package
	// writes PDFs, and a fixed date is what any of them would want.
	fpdf.SetDefaultCreationDate(pdfDate)
	fpdf.SetDefaultModificationDate(pdfDate)
	fpdf.SetDefaultCatalogSort(true)
}

// defaultFormats are the formats Save writes when none are given.
var defaultFormats = []string{"png", "svg"}

// also holds the formats every Save and SaveGrid writes besides those its
// caller names (see AlsoWrite); nil means none.
var also atomic.Pointer[[]string]

// AlsoWrite makes every later Save and SaveGrid in this process write the
// given formats too, besides those each caller names: the report's
// figure code names the formats its pages link (png, svg), and
// `reproduce --formats` adds pdf for a LaTeX paper without every study
// passing the option down. It returns a function restoring the previous
// setting. It is process-wide: reports drawn concurrently with different
// settings would mix them.
func AlsoWrite(formats ...string) (restore func(), err error) {
	fs, err := CheckFormats(formats)
	if err != nil {
		return nil, err
	}
	prev := also.Swap(&fs)
	return func() { also.Store(prev) }, nil
}

// figureFormats are the formats a figure can be written in.
var figureFormats = []string{"png", "svg", "pdf"}

// CheckFormats returns formats lower-cased, without a leading dot and
// without repeats, or an error naming the first that is not png, svg or
// pdf.
func CheckFormats(formats []string) ([]string, error) {
	var fs []string
	seen := map[string]bool{}
	for _, f := range formats {
		f = strings.ToLower(strings.TrimPrefix(strings.TrimSpace(f), "."))
		if !slices.Contains(figureFormats, f) {
			return nil, fmt.Errorf("unknown figure format %q (want png, svg or pdf)", f)
		}
		if !seen[f] {
			seen[f] = true
			fs = append(fs, f)
		}
	}
	return fs, nil
}

// Save draws p at w x h and writes basePath plus one extension per format
// ("png", "svg", "pdf"; default png and svg), and those AlsoWrite adds.
// Each file is written to a
// temporary file in the same directory and renamed into place, so a
// reader never sees a half-written figure. It returns the paths written.
// The same plot gives byte-identical SVG and PDF files.
//
// Save writes a figure, not files: once every format is written, the
// figure's files in the other formats (basePath.pdf after a Save without
// pdf) are removed, as an earlier Save's that no longer show this figure.
// LaTeX's \includegraphics{basePath} takes a .pdf before a .png, so a
// PDF left by an earlier `reproduce --formats pdf` would put that run's
// figure in the paper. SaveFile writes one file and leaves the others.
func Save(p *plot.Plot, w, h vg.Length, basePath string, formats ...string) ([]string, error) {
	if p == nil {
		return nil, errors.New("plots: Save: nil plot")
	}
	return save(w, h, basePath, formats, drawPlot(p))
}

// drawPlot draws p on a canvas, white already or not.
func drawPlot(p *plot.Plot) func(c vgdraw.Canvas, white bool) {
	return func(c vgdraw.Canvas, white bool) {
		// The plot's background is the first thing drawn: on a canvas
		// that is white already, a white one changes no pixel, and
		// painting it costs a pass over the whole image.
		if bg := p.BackgroundColor; white && isWhite(bg) {
			p.BackgroundColor = nil
			defer func() { p.BackgroundColor = bg }()
		}
		p.Draw(c)
	}
}

// SaveGrid is Save for several plots tiled on one page: plots is
// row-major, every row has the same length, and nil entries leave a
// blank tile. The data areas of all tiles get the same size, so axes
// line up across rows and columns.
func SaveGrid(plots [][]*plot.Plot, w, h vg.Length, basePath string, formats ...string) ([]string, error) {
	if len(plots) == 0 || len(plots[0]) == 0 {
		return nil, errors.New("plots: SaveGrid: no plots")
	}
	cols := len(plots[0])
	found := false
	for j, row := range plots {
		if len(row) != cols {
			return nil, fmt.Errorf("plots: SaveGrid: row %d has %d plots, row 0 has %d", j, len(row), cols)
		}
		for _, p := range row {
			found = found || p != nil
		}
	}
	if !found {
		return nil, errors.New("plots: SaveGrid: every tile is nil")
	}
	tiles := vgdraw.Tiles{
		Rows: len(plots), Cols: cols,
		PadX: vg.Points(8), PadY: vg.Points(8),
		PadTop: vg.Points(4), PadBottom: vg.Points(4),
		PadLeft: vg.Points(4), PadRight: vg.Points(4),
	}
	return save(w, h, basePath, formats, func(dc vgdraw.Canvas, white bool) {
		// Tiles leave their padding unpainted; fill it so PNGs are not
		// transparent around the panels (a PNG canvas starts white).
		if !white {
			dc.SetColor(color.White)
			dc.Fill(dc.Rectangle.Path())
		}
		canvases := plot.Align(plots, tiles, dc)
		for j, row := range plots {
			for i, p := range row {
				if p != nil {
					p.Draw(canvases[j][i])
				}
			}
		}
	})
}

// SaveFile draws p at w x h into the one file path, in the format its
// extension names (.png, .svg or .pdf, in any case). Unlike Save it
// writes that file alone, for whoever named it: AlsoWrite adds no format,
// and a file beside it of the same name in another format is left as it
// is (`gridbench plot -o f.svg` after `-o f.png` keeps both).
func SaveFile(p *plot.Plot, w, h vg.Length, path string) error {
	if p == nil {
		return errors.New("plots: SaveFile: nil plot")
	}
	if err := checkSize("SaveFile", w, h, path); err != nil {
		return err
	}
	f := strings.ToLower(strings.TrimPrefix(filepath.Ext(path), "."))
	if !slices.Contains(figureFormats, f) {
		return fmt.Errorf("plots: SaveFile: %s: name the file .png, .svg or .pdf", path)
	}
	_, err := write(w, h, []string{f}, func(string) string { return path }, drawPlot(p))
	return err
}

func checkSize(fn string, w, h vg.Length, path string) error {
	if w <= 0 || h <= 0 {
		return fmt.Errorf("plots: %s: size %vx%v, want positive", fn, w, h)
	}
	if path == "" {
		return fmt.Errorf("plots: %s: empty path", fn)
	}
	return nil
}

func save(w, h vg.Length, basePath string, formats []string, drawFn func(c vgdraw.Canvas, white bool)) ([]string, error) {
	if err := checkSize("Save", w, h, basePath); err != nil {
		return nil, err
	}
	if len(formats) == 0 {
		formats = defaultFormats
	}
	if extra := also.Load(); extra != nil {
		formats = append(slices.Clone(formats), *extra...)
	}
	// Check every format before writing anything, so a typo does not
	// leave a partial set of files.
	fs, err := CheckFormats(formats)
	if err != nil {
		return nil, fmt.Errorf("plots: Save: %w", err)
	}
	written, err := write(w, h, fs, func(f string) string { return basePath + "." + f }, drawFn)
	if err != nil {
		return written, err
	}
	for _, f := range figureFormats {
		if slices.Contains(fs, f) {
			continue
		}
		if err := os.Remove(basePath + "." + f); err != nil && !errors.Is(err, os.ErrNotExist) {
			return written, fmt.Errorf("plots: Save: a file of an earlier figure: %w", err)
		}
	}
	return written, nil
}

// write draws and writes each format f of formats to pathOf(f).
func write(w, h vg.Length, formats []string, pathOf func(f string) string, drawFn func(c vgdraw.Canvas, white bool)) ([]string, error) {
	// Each format is drawn on its own canvas, one after the other (a
	// plot's Draw is not safe for concurrent use), and encoded and
	// written in its own goroutine, so the PNG's compression overlaps
	// the drawing of the SVG.
	errs := make([]error, len(formats))
	var wg sync.WaitGroup
	for k, f := range formats {
		var c vg.CanvasWriterTo
		white := false
		switch f {
		case "png":
			// NewWith fills the image with its default background, white.
			c, white = pngCanvas{vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(PNGDPI))}, true
		case "svg":
			c = svgCanvas{vgsvg.New(w, h)}
		case "pdf":
			c = pdfCanvas{vgpdf.New(w, h)}
		}
		drawFn(vgdraw.New(c), white)
		path := pathOf(f)
		wg.Go(func() {
			errs[k] = atomicfile.Write(path, func(w io.Writer) error { _, err := c.WriteTo(w); return err })
		})
	}
	wg.Wait()
	var written []string
	var first error
	for k, f := range formats {
		if errs[k] != nil {
			first = cmp.Or(first, fmt.Errorf("plots: Save: %w", errs[k]))
			continue
		}
		written = append(written, pathOf(f))
	}
	return written, first
}

// pngEncoder is image/png at BestSpeed, for the images encodePNG does not
// write itself (not opaque).
var pngEncoder = png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &pngBuffers{}}

// pngBuffers lets concurrent encodings reuse their buffers.
type pngBuffers struct{ pool sync.Pool }

func (p *pngBuffers) Get() *png.EncoderBuffer {
	b, _ := p.pool.Get().(*png.EncoderBuffer)
	return b
}

func (p *pngBuffers) Put(b *png.EncoderBuffer) { p.pool.Put(b) }

// pngCanvas is vgimg.PngCanvas written by encodePNG.
type pngCanvas struct{ *vgimg.Canvas }

func (c pngCanvas) WriteTo(w io.Writer) (int64, error) {
	wc := &countWriter{w: w}
	err := encodePNG(wc, c.Image())
	return wc.n, err
}

type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// isWhite reports whether c is opaque white: painted over white, with any
// coverage, it leaves white.
func isWhite(c color.Color) bool {
	if c == nil {
		return false
	}
	r, g, b, a := c.RGBA()
	return r == 0xffff && g == 0xffff && b == 0xffff && a == 0xffff
}

// svgCanvas is vgsvg's canvas with its images drawn where they belong.
// vgsvg writes an image as <image x y width height> with no
// preserveAspectRatio, so a viewer fits it "meet", keeping its pixels'
// aspect and centring it: the aggregated Gantt chart's 1000 x 100 cells,
// in a box twice as tall as it is wide, were squashed into a band across
// the middle of the CPU axis. Its data URI also says image/jpg for the
// PNG it holds.
type svgCanvas struct{ *vgsvg.Canvas }

func (c svgCanvas) WriteTo(w io.Writer) (int64, error) {
	var b bytes.Buffer
	if _, err := c.Canvas.WriteTo(&b); err != nil {
		return 0, err
	}
	n, err := w.Write(fixSVGImages(b.Bytes()))
	return int64(n), err
}

// fixSVGImages makes every <image> of an SVG vgsvg wrote fill its box
// (preserveAspectRatio="none") and names its data as PNG. Text is
// escaped in vgsvg's output, so "<image " starts image elements only.
func fixSVGImages(svg []byte) []byte {
	svg = bytes.ReplaceAll(svg, []byte("<image "), []byte(`<image preserveAspectRatio="none" `))
	return bytes.ReplaceAll(svg, []byte(`xlink:href="data:image/jpg;base64,`), []byte(`xlink:href="data:image/png;base64,`))
}

// pdfCanvas is vgpdf's canvas with its images drawn the right way up:
// vgpdf places an image with fpdf, whose page runs top to bottom, inside
// the y-up transform it draws everything else in, so the image came out
// upside down within its box (the aggregated Gantt chart's CPU 0 at the
// top). Flipping the pixels first cancels it.
type pdfCanvas struct{ *vgpdf.Canvas }

func (c pdfCanvas) DrawImage(rect vg.Rectangle, img image.Image) {
	c.Canvas.DrawImage(rect, flipRows(img))
}

// flipRows returns img upside down.
func flipRows(img image.Image) image.Image {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(out, out.Bounds(), img, b.Min, draw.Src)
	row := out.Stride
	tmp := make([]byte, row)
	for y := range b.Dy() / 2 {
		top := out.Pix[y*row : (y+1)*row]
		bottom := out.Pix[(b.Dy()-1-y)*row : (b.Dy()-y)*row]
		copy(tmp, top)
		copy(top, bottom)
		copy(bottom, tmp)
	}
	return out
}

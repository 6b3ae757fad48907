package plots

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// TestAlsoWritePDF: with AlsoWrite("pdf") a SaveGrid that names png and
// svg (as the report's figure code does) also writes a PDF, one that a PDF
// reader opens; after restore it writes png and svg only again.
func TestAlsoWritePDF(t *testing.T) {
	p, err := Lines(lineFixture())
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	restore, err := AlsoWrite("PDF", ".png")
	if err != nil {
		t.Fatal(err)
	}
	base := filepath.Join(dir, "grid")
	paths, err := SaveGrid([][]*plot.Plot{{p, p}}, 2*figW, figH, base, "png", "svg")
	restore()
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{base + ".png", base + ".svg", base + ".pdf"}; !slices.Equal(paths, want) {
		t.Errorf("wrote %q, want %q", paths, want)
	}
	pdf, err := os.ReadFile(base + ".pdf")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(pdf, []byte("%PDF-")) || !bytes.Contains(pdf[max(0, len(pdf)-1024):], []byte("%%EOF")) {
		t.Errorf("%s is not a complete PDF: starts %q", base+".pdf", pdf[:min(len(pdf), 8)])
	}
	if ppm, err := exec.LookPath("pdftoppm"); err != nil {
		t.Log("no pdftoppm (poppler-utils): the PDF is not opened")
	} else {
		out, err := exec.Command(ppm, "-png", "-r", "30", "-singlefile", base+".pdf", filepath.Join(dir, "page")).CombinedOutput()
		if err != nil || len(out) > 0 {
			t.Errorf("pdftoppm cannot render %s: %v %s", base+".pdf", err, out)
		}
		if b, err := os.ReadFile(filepath.Join(dir, "page.png")); err != nil || !bytes.HasPrefix(b, []byte("\x89PNG")) {
			t.Errorf("pdftoppm wrote no page image: %v", err)
		}
	}

	paths, err = Save(p, figW, figH, filepath.Join(dir, "after"), "png", "svg")
	if err != nil || len(paths) != 2 {
		t.Errorf("after restore: wrote %q (%v), want png and svg only", paths, err)
	}
	if _, err := AlsoWrite("pdf", "eps"); err == nil {
		t.Error("AlsoWrite(eps): no error")
	}
	if fs, err := CheckFormats([]string{" SVG", "png", "svg"}); err != nil || !slices.Equal(fs, []string{"svg", "png"}) {
		t.Errorf("CheckFormats = %q, %v; want svg, png", fs, err)
	}
}

// TestPNGPixelsAsPainted: the PNG writer skips the backgrounds that would
// paint white over white and compresses at its own level; each golden
// figure's PNG must still decode to exactly the pixels of the plain
// rendering, which paints every fill on a vgimg canvas.
func TestPNGPixelsAsPainted(t *testing.T) {
	dir := t.TempDir()
	for _, g := range goldens {
		t.Run(g.name, func(t *testing.T) {
			ps, err := g.make()
			if err != nil {
				t.Fatal(err)
			}
			base := filepath.Join(dir, g.name)
			if _, err := saveFig(g, base, "png"); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(base + ".png")
			if err != nil {
				t.Fatal(err)
			}
			got, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			want := paintPlain(ps, g.w, g.h)
			if got.Bounds() != want.Bounds() {
				t.Fatalf("PNG is %v, plain rendering %v", got.Bounds(), want.Bounds())
			}
			differ := 0
			for y := want.Bounds().Min.Y; y < want.Bounds().Max.Y; y++ {
				for x := want.Bounds().Min.X; x < want.Bounds().Max.X; x++ {
					r0, g0, b0, a0 := got.At(x, y).RGBA()
					r1, g1, b1, a1 := want.At(x, y).RGBA()
					if r0 != r1 || g0 != g1 || b0 != b1 || a0 != a1 {
						differ++
					}
				}
			}
			if differ > 0 {
				t.Errorf("%d pixels differ from the plain rendering", differ)
			}
		})
	}
}

// paintPlain is the naive twin of save's PNG path: every fill painted,
// as gonum/plot's own PNG canvas does.
func paintPlain(ps [][]*plot.Plot, w, h vg.Length) image.Image {
	c := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(PNGDPI))
	dc := draw.New(c)
	if len(ps) == 1 && len(ps[0]) == 1 {
		ps[0][0].Draw(dc)
		return c.Image()
	}
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())
	tiles := draw.Tiles{
		Rows: len(ps), Cols: len(ps[0]),
		PadX: vg.Points(8), PadY: vg.Points(8),
		PadTop: vg.Points(4), PadBottom: vg.Points(4),
		PadLeft: vg.Points(4), PadRight: vg.Points(4),
	}
	canvases := plot.Align(ps, tiles, dc)
	for j, row := range ps {
		for i, p := range row {
			if p != nil {
				p.Draw(canvases[j][i])
			}
		}
	}
	return c.Image()
}

// TestSaveRemovesStaleFormats: a figure saved with pdf (reproduce
// --formats png,svg,pdf) and then without keeps no PDF of the first: LaTeX's
// \includegraphics{base} takes a .pdf before a .png, and the paper showed
// the first run's figure. Another figure's files and a file SaveFile
// writes beside one are left alone.
func TestSaveRemovesStaleFormats(t *testing.T) {
	p, err := Lines(lineFixture())
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	fig, other := filepath.Join(dir, "study-fig1"), filepath.Join(dir, "study-fig1-b")
	restore, err := AlsoWrite("pdf")
	if err != nil {
		t.Fatal(err)
	}
	for _, base := range []string{fig, other} {
		if _, err := Save(p, figW, figH, base, "png", "svg"); err != nil {
			t.Fatal(err)
		}
	}
	restore()
	if _, err := SaveGrid([][]*plot.Plot{{p}}, figW, figH, fig, "png", "svg"); err != nil {
		t.Fatal(err)
	}
	if err := SaveFile(p, figW, figH, other+"-mine.PDF"); err != nil {
		t.Fatal(err)
	}
	if err := SaveFile(p, figW, figH, other+"-mine.svg"); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	want := []string{"study-fig1-b-mine.PDF", "study-fig1-b-mine.svg", "study-fig1-b.pdf", "study-fig1-b.png", "study-fig1-b.svg", "study-fig1.png", "study-fig1.svg"}
	if !slices.Equal(names, want) {
		t.Errorf("folder holds %q, want %q", names, want)
	}
	if b, err := os.ReadFile(other + "-mine.PDF"); err != nil || !bytes.HasPrefix(b, []byte("%PDF-")) {
		t.Errorf("SaveFile .PDF: %v, starts %q", err, b[:min(len(b), 8)])
	}
}

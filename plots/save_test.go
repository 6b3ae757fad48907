package plots

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"gonum.org/v1/plot"
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

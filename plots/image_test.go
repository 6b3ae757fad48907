package plots

import (
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"encoding/binary"
	"encoding/xml"
	"hash/crc32"
	"image"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	vgdraw "gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// The aggregated Gantt chart is an image in its data area: in the SVG and
// the PDF written, the cells of CPUs 0-9 of 100 lie at CPUs 0-9 on the
// axis, as in the PNG. vgsvg's <image> was fitted "meet" (the band at CPUs
// 40-41) and vgpdf's drawn upside down (at CPUs 90-99). Each file is read
// back here and the band placed as a viewer places it.
func TestAggregatedGanttImagePlacement(t *testing.T) {
	spec := CPUGanttSpec{Title: "band", CPUs: 100}
	for i := range 6000 {
		spec.Jobs = append(spec.Jobs, CPUJob{Start: float64(i), End: float64(i + 1), CPUs: [][2]int{{0, 9}}})
	}
	p, err := CPUGantt(spec)
	if err != nil {
		t.Fatal(err)
	}
	base := filepath.Join(t.TempDir(), "gantt")
	if _, err := Save(p, figW, figH, base, "svg", "pdf"); err != nil {
		t.Fatal(err)
	}
	// vg's coordinates and both files' are points from the bottom left
	// (SVG's after its top-level flip): the data area is the same in each.
	dc := p.DataCanvas(vgdraw.New(vgimg.New(figW, figH)))
	cpu := func(y float64) float64 {
		return (y - dc.Min.Y.Points()) / (dc.Max.Y - dc.Min.Y).Points() * float64(spec.CPUs)
	}
	for _, format := range []string{"svg", "pdf"} {
		b, err := os.ReadFile(base + "." + format)
		if err != nil {
			t.Fatal(err)
		}
		var y0, y1 float64
		if format == "svg" {
			y0, y1 = svgBand(t, b)
		} else {
			y0, y1 = pdfBand(t, b)
		}
		if lo, hi := cpu(y0), cpu(y1); math.Abs(lo) > 0.5 || math.Abs(hi-10) > 0.5 {
			t.Errorf("%s: the cells of CPUs 0-9 are drawn at CPUs %.1f-%.1f", format, lo, hi)
		}
	}
}

// band returns the first and last+1 pixel rows, from the top, that are
// not white in img's middle column.
func band(t *testing.T, img image.Image) (int, int) {
	t.Helper()
	b := img.Bounds()
	r0, r1 := -1, -1
	for y := b.Min.Y; y < b.Max.Y; y++ {
		r, g, bl, _ := img.At((b.Min.X+b.Max.X)/2, y).RGBA()
		if r&g&bl != 0xffff {
			if r0 < 0 {
				r0 = y - b.Min.Y
			}
			r1 = y - b.Min.Y + 1
		}
	}
	if r0 < 0 {
		t.Fatal("the image is white")
	}
	return r0, r1
}

// svgBand returns the band's y range, in points from the bottom of the
// page, where an SVG viewer draws the one <image> of svg (as vgsvg writes
// it: in the page's top-level flip, itself flipped by scale(1, -1)).
func svgBand(t *testing.T, svg []byte) (float64, float64) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(svg))
	var groups []string // the transforms of the open <g>s
	for {
		tok, err := d.Token()
		if err == io.EOF {
			t.Fatal("svg: no <image>")
		}
		if err != nil {
			t.Fatal(err)
		}
		switch e := tok.(type) {
		case xml.EndElement:
			if e.Name.Local == "g" {
				groups = groups[:len(groups)-1]
			}
		case xml.StartElement:
			attr := map[string]string{}
			for _, a := range e.Attr {
				attr[a.Name.Local] = a.Value
			}
			if e.Name.Local == "g" {
				groups = append(groups, attr["transform"])
			}
			if e.Name.Local != "image" {
				continue
			}
			if len(groups) != 1 || !strings.HasPrefix(groups[0], "scale(1, -1) translate(0, ") || attr["transform"] != "scale(1, -1)" {
				t.Fatalf("svg: <image> with transform %q in groups %q: not the layout this test reads", attr["transform"], groups)
			}
			uri, ok := strings.CutPrefix(attr["href"], "data:image/png;base64,")
			if !ok {
				t.Errorf("svg: <image> href %.40q, want a data:image/png URI", attr["href"])
				_, uri, _ = strings.Cut(attr["href"], ",")
			}
			raw, err := base64.StdEncoding.DecodeString(uri)
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(bytes.NewReader(raw))
			if err != nil {
				t.Fatal(err)
			}
			num := func(k string) float64 {
				x, err := strconv.ParseFloat(attr[k], 64)
				if err != nil {
					t.Fatalf("svg: <image %s=%q>", k, attr[k])
				}
				return x
			}
			y, w, h := num("y"), num("width"), num("height")
			pw, ph := float64(img.Bounds().Dx()), float64(img.Bounds().Dy())
			// SVG 1.1 §7.8: by default (xMidYMid meet) the image keeps its
			// aspect, scaled to fit and centred; "none" stretches it.
			sy, oy := h/ph, 0.0
			switch par := attr["preserveAspectRatio"]; par {
			case "none":
			case "", "xMidYMid", "xMidYMid meet":
				sy = math.Min(w/pw, h/ph)
				oy = (h - ph*sy) / 2
			default:
				t.Fatalf("svg: preserveAspectRatio %q: not read here", par)
			}
			r0, r1 := band(t, img)
			// scale(1, -1) turns the image's y, down from its top, into the
			// page's, up from the bottom
			return -(y + oy + float64(r1)*sy), -(y + oy + float64(r0)*sy)
		}
	}
}

// pdfBand returns the band's y range, in points from the bottom of the
// page, where a PDF viewer draws the one image of pdf (as fpdf writes it:
// a PNG's data with its predictors, placed by the content stream's cm).
func pdfBand(t *testing.T, pdf []byte) (float64, float64) {
	t.Helper()
	m := regexp.MustCompile(`/Subtype /Image\s*/Width (\d+)\s*/Height (\d+)\s*/ColorSpace /DeviceRGB\s*/BitsPerComponent 8\s*/Filter /FlateDecode\s*/DecodeParms <</Predictor 15 /Colors 3 /BitsPerComponent 8 /Columns \d+>>\s*/Length (\d+)>>\s*stream\n`).FindSubmatchIndex(pdf)
	if m == nil {
		t.Fatal("pdf: no image XObject of the layout this test reads")
	}
	atoi := func(k int) int { n, _ := strconv.Atoi(string(pdf[m[2*k]:m[2*k+1]])); return n }
	w, h, n := atoi(1), atoi(2), atoi(3)
	// The stream is a PNG's IDAT data: wrapped as a PNG again, it decodes.
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		binary.Write(&b, binary.BigEndian, uint32(len(data)))
		crc := crc32.NewIEEE()
		io.WriteString(crc, typ)
		crc.Write(data)
		b.WriteString(typ)
		b.Write(data)
		binary.Write(&b, binary.BigEndian, crc.Sum32())
	}
	ihdr := binary.BigEndian.AppendUint32(binary.BigEndian.AppendUint32(nil, uint32(w)), uint32(h))
	chunk("IHDR", append(ihdr, 8, 2, 0, 0, 0))
	chunk("IDAT", pdf[m[1]:m[1]+n])
	chunk("IEND", nil)
	img, err := png.Decode(&b)
	if err != nil {
		t.Fatal(err)
	}
	r0, r1 := band(t, img)

	// The page's content: follow q, Q and cm to the image's Do.
	c := regexp.MustCompile(`/Filter /FlateDecode /Length (\d+)>>\s*stream\n`).FindSubmatchIndex(pdf)
	if c == nil {
		t.Fatal("pdf: no content stream")
	}
	cl, _ := strconv.Atoi(string(pdf[c[2]:c[3]]))
	zr, err := zlib.NewReader(bytes.NewReader(pdf[c[1] : c[1]+cl]))
	if err != nil {
		t.Fatal(err)
	}
	content, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	type matrix [6]float64 // a b c d e f: x' = a x + c y + e, y' = b x + d y + f
	ctm, stack := matrix{1, 0, 0, 1, 0, 0}, []matrix{}
	var nums []float64
	for _, tok := range strings.Fields(string(content)) {
		if x, err := strconv.ParseFloat(tok, 64); err == nil {
			nums = append(nums, x)
			continue
		}
		switch tok {
		case "q":
			stack = append(stack, ctm)
		case "Q":
			ctm, stack = stack[len(stack)-1], stack[:len(stack)-1]
		case "cm":
			m := nums[len(nums)-6:]
			ctm = matrix{ // m × ctm
				m[0]*ctm[0] + m[1]*ctm[2], m[0]*ctm[1] + m[1]*ctm[3],
				m[2]*ctm[0] + m[3]*ctm[2], m[2]*ctm[1] + m[3]*ctm[3],
				m[4]*ctm[0] + m[5]*ctm[2] + ctm[4], m[4]*ctm[1] + m[5]*ctm[3] + ctm[5],
			}
		case "Do":
			// An image fills the unit square, its first row at the top (y 1).
			y := func(u float64) float64 { return ctm[1]*0.5 + ctm[3]*u + ctm[5] }
			ya, yb := y(1-float64(r1)/float64(h)), y(1-float64(r0)/float64(h))
			return math.Min(ya, yb), math.Max(ya, yb)
		}
		nums = nums[:0]
	}
	t.Fatal("pdf: the image is not drawn")
	return 0, 0
}

// Package browsertest opens HTML files in a headless Chromium in tests
// (Debian's package chromium), so that what gridbench writes as HTML is
// checked by a browser: a screenshot, and the pixels of what it shows.
// Without Chromium the tests that need it skip, naming what is missing.
package browsertest

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// Chromium returns the browser's path, or skips tb naming what is missing.
func Chromium(tb testing.TB) string {
	tb.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	tb.Skip("skipping: no headless browser on PATH (chromium, chromium-browser or google-chrome; Debian: apt-get install chromium)")
	return ""
}

// Screenshot opens the file at path in a headless Chromium with a window
// of width × height CSS pixels and returns what it shows. Each call runs
// its own browser with its own profile, so calls may run in parallel.
func Screenshot(tb testing.TB, path string, width, height int) image.Image {
	tb.Helper()
	browser := Chromium(tb)
	abs, err := filepath.Abs(path)
	if err != nil {
		tb.Fatal(err)
	}
	dir := tb.TempDir()
	shot := filepath.Join(dir, "shot.png")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
		"--no-first-run", "--disable-background-networking", "--disable-component-update",
		"--user-data-dir="+filepath.Join(dir, "profile"), "--force-device-scale-factor=1",
		"--window-size="+strconv.Itoa(width)+","+strconv.Itoa(height), "--screenshot="+shot, "file://"+filepath.ToSlash(abs))
	cmd.Env = append(os.Environ(), "DBUS_SESSION_BUS_ADDRESS=disabled:")
	out, err := cmd.CombinedOutput()
	if err != nil {
		tb.Fatalf("%s: %v\n%s", browser, err, tail(out))
	}
	b, err := os.ReadFile(shot)
	if err != nil {
		tb.Fatalf("%s wrote no screenshot of %s: %v\n%s", browser, path, err, tail(out))
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		tb.Fatalf("screenshot of %s: %v", path, err)
	}
	return img
}

// Near counts the pixels of img within tol of rgb in every channel.
func Near(img image.Image, rgb [3]uint8, tol int) int {
	n := 0
	r0 := img.Bounds()
	for y := r0.Min.Y; y < r0.Max.Y; y++ {
		for x := r0.Min.X; x < r0.Max.X; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			if abs(int(r>>8)-int(rgb[0])) <= tol && abs(int(g>>8)-int(rgb[1])) <= tol && abs(int(b>>8)-int(rgb[2])) <= tol {
				n++
			}
		}
	}
	return n
}

// Inked counts the pixels of img that are not white: a blank page has none.
func Inked(img image.Image) int {
	return img.Bounds().Dx()*img.Bounds().Dy() - Near(img, [3]uint8{255, 255, 255}, 0)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func tail(b []byte) []byte {
	if len(b) > 2000 {
		return b[len(b)-2000:]
	}
	return b
}

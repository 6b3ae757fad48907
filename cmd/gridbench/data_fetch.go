package main

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/urfave/cli/v2"

	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/internal/registry"
)

// fetchClient is the HTTP client of `data fetch`; nil is
// http.DefaultClient. Tests point it at a local server.
var fetchClient *http.Client

func dataFetchCommand() *cli.Command {
	return &cli.Command{
		Name:      "fetch",
		Usage:     "download data sets gridbench knows into the data root, checked against data/SHA256SUMS",
		ArgsUsage: "[NAME...]",
		Description: "Downloads each named data set (default: every missing one whose checksum is pinned) into --data DIR, " +
			"else $" + datadir.EnvVar + ", else ./data. Files are written as FILE.part and renamed when complete and verified; " +
			"an interrupted download resumes where it stopped when the command is run again. " +
			"A set that is already present (in any data root) is left alone.\n" +
			"No checksum is pinned for " + strings.Join(unpinnedIDs(), ", ") + ": each is fetched only by name with --allow-unpinned, and the sha256 " +
			"it has is printed.\n" +
			"Names: " + strings.Join(catalogIDs(), ", "),
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "data", Usage: "data root `DIR` to write to (else $" + datadir.EnvVar + ", else ./data)"},
			&cli.BoolFlag{Name: "allow-unpinned", Usage: "also fetch files whose checksum data/SHA256SUMS does not pin (printing the sha256 they have)"},
			&cli.Int64Flag{Name: "max-size", Value: datadir.DefaultMaxSize, Usage: "largest file to download, in `BYTES` (default 4 GiB); a server sending more is cut off and its download deleted"},
		},
		Action: func(c *cli.Context) error {
			if n := c.Int64("max-size"); n < 1 {
				return fmt.Errorf("--max-size %d: must be at least 1 byte", n)
			}
			flagDir := c.String("data")
			sets, err := fetchSets(c.Args().Slice(), flagDir)
			if err != nil {
				return err
			}
			root := datadir.FetchRoot(flagDir)
			f := &datadir.Fetcher{Client: fetchClient, Log: c.App.Writer, AllowUnpinned: c.Bool("allow-unpinned"), MaxSize: c.Int64("max-size")}
			if file, ok := c.App.ErrWriter.(*os.File); ok && isTerminal(file) {
				f.Progress = func(desc string, total, done int64) io.Writer {
					bar := progressbar.NewOptions64(total,
						progressbar.OptionSetWriter(file),
						progressbar.OptionSetDescription(desc),
						progressbar.OptionShowBytes(true),
						progressbar.OptionClearOnFinish(),
						progressbar.OptionThrottle(100*time.Millisecond))
					bar.Set64(done)
					return bar
				}
			}
			if len(sets) == 0 {
				fmt.Fprintln(c.App.Writer, "every data set with a pinned checksum is present; nothing to fetch")
			}
			partial := map[string]bool{}
			for _, l := range datadir.Locate(flagDir) {
				partial[l.ID] = l.Found() && errors.Is(l.Err, datadir.ErrMissing)
			}
			for _, d := range sets {
				if p, err := d.Find(flagDir); err == nil && !within(p, root) && !partial[d.ID] {
					fmt.Fprintf(c.App.Writer, "%s: present at %s, nothing to fetch\n", d.ID, p)
					continue
				} else if err != nil && !errors.Is(err, datadir.ErrMissing) {
					return err
				}
				if err := f.Fetch(c.Context, d, root); err != nil {
					return err
				}
			}
			return nil
		},
	}
}

// fetchSets resolves the names given (default: every missing pinned set).
func fetchSets(names []string, flagDir string) ([]datadir.DataSet, error) {
	var out []datadir.DataSet
	if len(names) == 0 {
		for _, l := range datadir.Locate(flagDir) {
			// Missing, or found in part (a folder set bundled in part).
			if (!l.Found() || errors.Is(l.Err, datadir.ErrMissing)) && l.Pinned {
				out = append(out, l.DataSet)
			}
		}
		return out, nil
	}
	for _, n := range names {
		d, ok := datadir.Lookup(n)
		if !ok {
			return nil, fmt.Errorf("unknown data set %q%s (valid: %s)", n, registry.DidYouMean(datadir.LikeIDs(n)), strings.Join(catalogIDs(), ", "))
		}
		out = append(out, d)
	}
	return out, nil
}

// unpinnedIDs lists the data sets with no file whose checksum
// data/SHA256SUMS pins: fetch takes them only with --allow-unpinned.
func unpinnedIDs() []string {
	var ids []string
	for _, d := range datadir.Catalog() {
		if _, file := datadir.Pinned(d.Rel); !file && len(datadir.PinnedUnder(d.Rel)) == 0 {
			ids = append(ids, d.ID)
		}
	}
	return ids
}

func catalogIDs() []string {
	var ids []string
	for _, d := range datadir.Catalog() {
		ids = append(ids, d.ID)
	}
	return ids
}

// within reports whether path lies below root.
func within(path, root string) bool {
	abs, err := filepath.Abs(root)
	if err != nil {
		return false
	}
	rel, err := filepath.Rel(abs, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

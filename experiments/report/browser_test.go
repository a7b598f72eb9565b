//go:build browser

package report

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestReportInBrowser opens a report (two runs side by side) in headless
// Chromium (Debian's chromium, which make browser-test installs): every
// plot's SVG is there with a drawing of non-zero size, the page logs no
// console error, and a screenshot is saved as the test's artifact
// ($ARTIFACTS, else the system's temporary directory).
func TestReportInBrowser(t *testing.T) {
	chromium := "/usr/bin/chromium"
	if _, err := os.Stat(chromium); err != nil {
		t.Fatalf("no %s (make browser-test installs Debian's chromium)", chromium)
	}
	pg, err := NewPage([]*Run{load(t), load(t)})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	page := filepath.Join(dir, "report.html")
	f, _ := os.Create(page)
	if err := pg.WriteHTML(f); err != nil {
		t.Fatal(err)
	}
	f.Close()

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.Headless,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.Flag("no-first-run", true), chromedp.Flag("disable-quic", true),
		chromedp.UserDataDir(filepath.Join(dir, "profile")), chromedp.WindowSize(1400, 1000))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 60*time.Second)
	defer cancel()

	// Every console message from the first action on: errors, warnings,
	// uncaught exceptions, the browser log's errors (a failed load).
	var mu sync.Mutex
	var problems []string
	cctx, stopConsole := context.WithCancel(ctx)
	messages := chromedp.Console(cctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for m, err := range messages {
			if err != nil {
				return
			}
			switch m.Type {
			case chromedp.ConsoleError, chromedp.ConsoleWarning, chromedp.ConsoleException:
				mu.Lock()
				problems = append(problems, m.String())
				mu.Unlock()
			}
		}
	}()

	type plotInfo struct {
		Plot   string  `json:"plot"`
		Run    string  `json:"run"`
		HasSVG bool    `json:"hasSVG"`
		Paths  int     `json:"paths"`
		Width  float64 `json:"width"`
		Height float64 `json:"height"`
		Drawn  float64 `json:"drawn"`
	}
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+page)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.WaitReady("body")); err != nil {
		t.Fatal(err)
	}
	plots, err := chromedp.Run(ctx, chromedp.Evaluate[[]plotInfo](`Array.from(document.querySelectorAll("figure.plot")).map(f => {
		const svg = f.querySelector("svg");
		const r = svg ? svg.getBoundingClientRect() : {width: 0, height: 0};
		const b = svg ? svg.getBBox() : {width: 0, height: 0};
		return {plot: f.dataset.plot, run: f.dataset.run, hasSVG: !!svg,
			paths: svg ? svg.querySelectorAll("path").length : 0,
			width: r.width, height: r.height, drawn: b.width * b.height};
	})`))
	if err != nil {
		t.Fatal(err)
	}
	shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(80))
	if err != nil {
		t.Fatal(err)
	}
	want := 2 * len(pg.Figures[0])
	if len(plots) != want {
		t.Errorf("%d plots in the page, want %d", len(plots), want)
	}
	for _, p := range plots {
		if !p.HasSVG || p.Paths == 0 || p.Width <= 0 || p.Height <= 0 || p.Drawn <= 0 {
			t.Errorf("plot %s of run %s: %+v", p.Plot, p.Run, p)
		}
	}
	time.Sleep(300 * time.Millisecond) // late console messages
	stopConsole()
	<-done
	mu.Lock()
	if len(problems) > 0 {
		t.Errorf("the page reported: %s", strings.Join(problems, "; "))
	}
	mu.Unlock()
	out := os.Getenv("ARTIFACTS")
	if out == "" {
		out = os.TempDir()
	}
	os.MkdirAll(out, 0o755)
	path := filepath.Join(out, "report-screenshot.jpg")
	if err := os.WriteFile(path, shot, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s (%d bytes), %d plots checked", path, len(shot), len(plots))
}

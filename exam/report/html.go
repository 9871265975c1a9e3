package report

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"
)

//go:embed report.html.tmpl
var pageText string

var page = template.Must(template.New("report").Funcs(template.FuncMap{
	"num": func(f float64) string { return strconv.FormatFloat(f, 'f', 1, 64) },
	"ms":  FormatMs,
}).Parse(pageText))

// Render writes r as a self-contained HTML page. All text from r is
// escaped; the page references no external resource.
func Render(w io.Writer, r Report) error {
	return page.Execute(w, newView(r))
}

// view is what the template renders: text already formatted, charts
// already laid out, so the template only places things.
type view struct {
	Title     string
	Database  string
	Generated string
	Models    string
	Headline  headline
	Cards     []card
	Runs      *chart // accuracy per run; nil with one run
	Diff      *chart
	Mod       *chart
	Fail      *chart
	Latency   *chart
	DiffRows  []groupRow
	ModRows   []groupRow
	FailRows  []failRow
	Stages    []StageLatency
	PerRun    []runRow
	RunNames  []string
	Config    []configRow
	Questions []questionRow
	MultiRun  bool
}

type headline struct {
	Value  string // "88.3%" or "78.3% ± 1.4%"
	Detail string
	Width  string // CSS width of the gauge, "88.3%"
	Class  string
}

type runRow struct {
	Name, Model, Passed, Accuracy, Duration string
}

type card struct {
	Label, Value, Note string
}

type groupRow struct {
	Name, Passed, Accuracy, Range string
}

type failRow struct {
	Type, Class, Count, Mean, Share string
	PerRun                          []int
}

type configRow struct {
	Key     string
	Values  []string
	Differs bool
}

type questionRow struct {
	ID, Question, Difficulty string
	Modules                  []string
	Results                  []result
	Passed                   string // "2/3"
	Class                    string // allpass, allfail, flaky
	GoldSQL                  string
	Details                  []detail
}

type result struct {
	Run   string
	State string // pass, fail, absent
	Label string
}

type detail struct {
	Run         string
	Pass        bool
	FailureType string
	FailClass   string
	Reason      string
	Error       string
	SQL         string
	Attempts    int
	Tables      []tableChip
	Retrieval   string
	Stages      []string
}

type tableChip struct {
	Name, Class, Title string
}

func newView(r Report) view {
	s := Summarize(r.Runs)
	v := view{Title: r.Title, Database: r.Database, MultiRun: len(r.Runs) > 1}
	if v.Title == "" {
		v.Title = "nl2sql exam"
	}
	if !r.GeneratedAt.IsZero() {
		v.Generated = r.GeneratedAt.UTC().Format("2006-01-02 15:04 MST")
	}
	var models []string
	for i, run := range r.Runs {
		v.RunNames = append(v.RunNames, runName(i, run.ID))
		if run.Model != "" && !slices.Contains(models, run.Model) {
			models = append(models, run.Model)
		}
	}
	v.Models = strings.Join(models, ", ")

	v.Headline = newHeadline(s)
	v.Cards = newCards(s)
	if v.MultiRun {
		v.Runs = runsChart(s)
	}
	v.Diff = groupChart("Accuracy by difficulty", s.ByDifficulty, v.MultiRun)
	v.Mod = groupChart("Accuracy by module", s.ByModule, v.MultiRun)
	v.Fail = failureChart(s)
	v.Latency = latencyChart(s.Stages)
	v.DiffRows = groupRows(s.ByDifficulty)
	v.ModRows = groupRows(s.ByModule)
	v.FailRows = failRows(s)
	v.Stages = s.Stages
	for i, r := range s.PerRun {
		row := runRow{
			Name: v.RunNames[i], Model: r.Model, Passed: fmt.Sprintf("%d/%d", r.Passed, r.Total),
			Accuracy: FormatPercent(r.Accuracy), Duration: "–",
		}
		if r.Duration > 0 {
			row.Duration = r.Duration.Round(time.Second).String()
		}
		v.PerRun = append(v.PerRun, row)
	}
	v.Config = configRows(r.Runs)
	v.Questions = questionRows(r.Runs)
	return v
}

// runName labels a run by its ID, or by its position when it has none.
func runName(i int, id int64) string {
	if id != 0 {
		return "#" + strconv.FormatInt(id, 10)
	}
	return "run " + strconv.Itoa(i+1)
}

// accClass grades an accuracy for colour: good, middling or poor.
func accClass(a float64) string {
	switch {
	case a >= 0.8:
		return "acc-hi"
	case a >= 0.5:
		return "acc-mid"
	}
	return "acc-lo"
}

func newHeadline(s Summary) headline {
	h := headline{Value: FormatStat(s.Accuracy), Width: "0%", Class: accClass(s.Accuracy.Mean)}
	if s.Accuracy.N == 0 {
		h.Detail = "no questions"
		return h
	}
	h.Width = FormatPercent(s.Accuracy.Mean)
	passed, total := 0, 0
	for _, r := range s.PerRun {
		passed, total = passed+r.Passed, total+r.Total
	}
	if s.Runs == 1 {
		h.Detail = fmt.Sprintf("%d of %d questions answered correctly", passed, total)
	} else {
		h.Detail = fmt.Sprintf("mean ± sd over %d runs · range %s – %s · %d of %d answers correct",
			s.Runs, FormatPercent(s.Accuracy.Min), FormatPercent(s.Accuracy.Max), passed, total)
	}
	return h
}

func newCards(s Summary) []card {
	cards := []card{
		{Label: "Runs", Value: strconv.Itoa(s.Runs)},
		{Label: "Questions", Value: strconv.Itoa(s.Questions)},
	}
	if s.Recall.N > 0 {
		cards = append(cards, card{
			Label: "Table recall", Value: FormatStat(s.Recall),
			Note: "precision " + FormatStat(s.Precision),
		})
	}
	if s.Attempts.N > 0 {
		cards = append(cards, card{Label: "Attempts per question", Value: fmt.Sprintf("%.2f", s.Attempts.Mean)})
	}
	for _, st := range s.Stages {
		if st.Stage == "total" {
			cards = append(cards, card{
				Label: "Latency per question", Value: FormatMs(st.P50),
				Note: "median · p95 " + FormatMs(st.P95),
			})
		}
	}
	for _, f := range s.Failures {
		if f.Type == InfraFailure && f.Count > 0 {
			cards = append(cards, card{
				Label: "Infrastructure failures", Value: strconv.Itoa(f.Count),
				Note: "not the model's fault",
			})
		}
	}
	return cards
}

func groupRows(gs []Group) []groupRow {
	var out []groupRow
	for _, g := range gs {
		row := groupRow{Name: g.Name, Passed: fmt.Sprintf("%d/%d", g.Passed, g.Total), Accuracy: FormatStat(g.Accuracy)}
		if g.Accuracy.N > 1 {
			row.Range = FormatPercent(g.Accuracy.Min) + " – " + FormatPercent(g.Accuracy.Max)
		}
		out = append(out, row)
	}
	return out
}

// failClass is the colour class of a failure type.
func failClass(t string) string {
	if i := slices.Index(FailureTypes, t); i >= 0 {
		return "f" + strconv.Itoa(i)
	}
	return "fx"
}

func failRows(s Summary) []failRow {
	all := 0
	for _, f := range s.Failures {
		all += f.Count
	}
	var out []failRow
	for _, f := range s.Failures {
		row := failRow{
			Type: f.Type, Class: failClass(f.Type), Count: strconv.Itoa(f.Count),
			Mean: fmt.Sprintf("%.1f", f.Mean), PerRun: f.PerRun, Share: "–",
		}
		if all > 0 {
			row.Share = FormatPercent(float64(f.Count) / float64(all))
		}
		out = append(out, row)
	}
	return out
}

func configRows(runs []Run) []configRow {
	ks := map[string]bool{}
	for _, r := range runs {
		for k := range r.Config {
			ks[k] = true
		}
	}
	var out []configRow
	for _, k := range slices.Sorted(maps.Keys(ks)) {
		row := configRow{Key: k}
		for i, r := range runs {
			val, ok := r.Config[k]
			if !ok {
				val = "–"
			}
			row.Values = append(row.Values, val)
			if i > 0 && val != row.Values[0] {
				row.Differs = true
			}
		}
		out = append(out, row)
	}
	return out
}

func questionRows(runs []Run) []questionRow {
	var order []string
	byID := map[string]*questionRow{}
	for ri, run := range runs {
		for _, q := range run.Questions {
			row := byID[q.ID]
			if row == nil {
				row = &questionRow{
					ID: q.ID, Question: q.Question, Difficulty: q.Difficulty, Modules: q.Modules,
					GoldSQL: q.GoldSQL, Results: make([]result, len(runs)),
				}
				for i := range runs {
					row.Results[i] = result{Run: runName(i, runs[i].ID), State: "absent", Label: "not asked"}
				}
				byID[q.ID] = row
				order = append(order, q.ID)
			}
			res := &row.Results[ri]
			if res.State != "absent" {
				continue // a question asked twice in a run: the first counts
			}
			d := detail{
				Run: runName(ri, run.ID), Pass: q.Pass, SQL: q.SQL, Error: q.Error, Reason: q.Reason,
				Attempts: q.Attempts, Stages: stageText(q.StageMs),
			}
			if q.Pass {
				res.State, res.Label = "pass", "pass"
			} else {
				ft := q.FailureType
				if ft == "" {
					ft = Unclassified
				}
				res.State, res.Label = "fail", ft
				d.FailureType, d.FailClass = ft, failClass(ft)
			}
			d.Tables = tableChips(q.ExpectedTables, q.RetrievedTables)
			if len(q.ExpectedTables) > 0 {
				d.Retrieval = fmt.Sprintf("recall %s · precision %s", FormatPercent(q.Recall), FormatPercent(q.Precision))
			}
			row.Details = append(row.Details, d)
		}
	}
	out := make([]questionRow, 0, len(order))
	for _, id := range order {
		row := byID[id]
		pass, asked := 0, 0
		for _, r := range row.Results {
			if r.State != "absent" {
				asked++
			}
			if r.State == "pass" {
				pass++
			}
		}
		row.Passed = fmt.Sprintf("%d/%d", pass, asked)
		switch pass {
		case asked:
			row.Class = "allpass"
		case 0:
			row.Class = "allfail"
		default:
			row.Class = "flaky"
		}
		out = append(out, *row)
	}
	return out
}

// tableChips lists expected tables (hit or missed) then extra retrieved
// ones.
func tableChips(expected, retrieved []string) []tableChip {
	got := map[string]bool{}
	for _, t := range retrieved {
		got[t] = true
	}
	exp := map[string]bool{}
	var out []tableChip
	for _, t := range dedupe(expected) {
		exp[t] = true
		if got[t] {
			out = append(out, tableChip{Name: t, Class: "hit", Title: "expected and retrieved"})
		} else {
			out = append(out, tableChip{Name: t, Class: "miss", Title: "expected, not retrieved"})
		}
	}
	for _, t := range dedupe(retrieved) {
		if !exp[t] {
			out = append(out, tableChip{Name: t, Class: "extra", Title: "retrieved, not expected"})
		}
	}
	return out
}

func stageText(ms map[string]float64) []string {
	var parts []string
	for _, st := range orderNames(slices.Collect(maps.Keys(ms)), Stages) {
		parts = append(parts, st+" "+FormatMs(ms[st]))
	}
	return parts
}

// Charts are laid out here and drawn by the template from primitives, so
// that every label goes through html/template's escaping.

type chart struct {
	Label   string
	W, H    float64
	Rects   []rect
	Lines   []line // drawn under the rects (grid)
	Over    []line // drawn over them (error bars, means)
	Texts   []text
	Circles []circle
}

type rect struct {
	X, Y, W, H float64
	Class      string
	Title      string
}

type line struct {
	X1, Y1, X2, Y2 float64
	Class          string
}

type text struct {
	X, Y   float64
	Anchor string // start, middle, end
	Class  string
	Text   string
	Title  string // full text when Text is shortened
}

type circle struct {
	CX, CY, R float64
	Class     string
	Title     string
}

const (
	chartW   = 1000.0
	labelW   = 170.0 // left column for names
	valueW   = 190.0 // right column for values
	rowH     = 30.0
	barH     = 16.0
	topPad   = 12.0
	axisPadB = 26.0
)

// shorten cuts long labels; the full text goes to a tooltip.
func shorten(s string, n int) (string, string) {
	r := []rune(s)
	if len(r) <= n {
		return s, ""
	}
	return string(r[:n-1]) + "…", s
}

// percentAxis draws vertical grid lines and labels at 0, 25, ..., 100%.
func percentAxis(c *chart, x0, x1, top, bottom float64) {
	for i := 0; i <= 4; i++ {
		x := x0 + (x1-x0)*float64(i)/4
		c.Lines = append(c.Lines, line{X1: x, Y1: top, X2: x, Y2: bottom, Class: "grid"})
		c.Texts = append(c.Texts, text{X: x, Y: bottom + 16, Anchor: "middle", Class: "axis", Text: strconv.Itoa(25*i) + "%"})
	}
}

// groupChart draws one horizontal bar per group: the mean accuracy, with
// ±sd error bars and a dot per run when there are several runs.
func groupChart(label string, gs []Group, multi bool) *chart {
	if len(gs) == 0 {
		return nil
	}
	c := &chart{Label: label, W: chartW, H: topPad + rowH*float64(len(gs)) + axisPadB}
	x0, x1 := labelW, chartW-valueW
	bw := x1 - x0
	bottom := topPad + rowH*float64(len(gs))
	percentAxis(c, x0, x1, topPad-4, bottom)
	for i, g := range gs {
		y := topPad + rowH*float64(i) + (rowH-barH)/2
		cy := y + barH/2
		name, full := shorten(g.Name, 24)
		c.Texts = append(c.Texts, text{X: x0 - 10, Y: cy + 4, Anchor: "end", Class: "label", Text: name, Title: full})
		c.Rects = append(c.Rects, rect{X: x0, Y: y, W: bw, H: barH, Class: "track"})
		m := g.Accuracy.Mean
		c.Rects = append(c.Rects, rect{
			X: x0, Y: y, W: bw * m, H: barH, Class: "bar " + accClass(m),
			Title: fmt.Sprintf("%s: %s (%d/%d)", g.Name, FormatStat(g.Accuracy), g.Passed, g.Total),
		})
		if multi && g.Accuracy.N > 1 {
			lo, hi := max(m-g.Accuracy.SD, 0), min(m+g.Accuracy.SD, 1)
			c.Over = append(c.Over,
				line{X1: x0 + bw*lo, Y1: cy, X2: x0 + bw*hi, Y2: cy, Class: "err"},
				line{X1: x0 + bw*lo, Y1: cy - 5, X2: x0 + bw*lo, Y2: cy + 5, Class: "err"},
				line{X1: x0 + bw*hi, Y1: cy - 5, X2: x0 + bw*hi, Y2: cy + 5, Class: "err"})
		}
		if multi {
			for _, pr := range g.PerRun {
				c.Circles = append(c.Circles, circle{
					CX: x0 + bw*pr.Accuracy, CY: cy, R: 3.5, Class: "dot",
					Title: fmt.Sprintf("run #%d: %s (%d/%d)", pr.Run, FormatPercent(pr.Accuracy), pr.Passed, pr.Total),
				})
			}
		}
		val := FormatStat(g.Accuracy)
		n := g.Total
		if g.Accuracy.N > 0 {
			n = g.Total / g.Accuracy.N
		}
		c.Texts = append(c.Texts, text{
			X: x1 + 12, Y: cy + 4, Anchor: "start", Class: "value",
			Text: fmt.Sprintf("%s  (n=%d)", val, n),
		})
	}
	return c
}

// runsChart draws a column per run with the mean and its ±sd band.
func runsChart(s Summary) *chart {
	const h, top, bottom, left = 240.0, 24.0, 200.0, 60.0
	c := &chart{Label: "Accuracy per run", W: chartW, H: h}
	right := chartW - 20
	for i := 0; i <= 4; i++ {
		y := bottom - (bottom-top)*float64(i)/4
		c.Lines = append(c.Lines, line{X1: left, Y1: y, X2: right, Y2: y, Class: "grid"})
		c.Texts = append(c.Texts, text{X: left - 8, Y: y + 4, Anchor: "end", Class: "axis", Text: strconv.Itoa(25*i) + "%"})
	}
	yOf := func(a float64) float64 { return bottom - (bottom-top)*a }
	m := s.Accuracy
	c.Rects = append(c.Rects, rect{
		X: left, Y: yOf(min(m.Mean+m.SD, 1)), W: right - left,
		H: yOf(max(m.Mean-m.SD, 0)) - yOf(min(m.Mean+m.SD, 1)), Class: "band",
		Title: "mean ± sd: " + FormatStat(m),
	})
	slot := (right - left) / float64(len(s.PerRun))
	bw := min(slot*0.6, 64)
	for i, r := range s.PerRun {
		x := left + slot*float64(i) + (slot-bw)/2
		c.Rects = append(c.Rects, rect{
			X: x, Y: yOf(r.Accuracy), W: bw, H: bottom - yOf(r.Accuracy),
			Class: "bar " + accClass(r.Accuracy),
			Title: fmt.Sprintf("run #%d (%s): %s, %d/%d", r.ID, r.Model, FormatPercent(r.Accuracy), r.Passed, r.Total),
		})
		// The value sits inside the bar's top when it fits, clear of the
		// mean line.
		vy, vc := yOf(r.Accuracy)+16, "inbar"
		if bottom-yOf(r.Accuracy) < 24 {
			vy, vc = yOf(r.Accuracy)-6, "value"
		}
		c.Texts = append(c.Texts,
			text{X: x + bw/2, Y: vy, Anchor: "middle", Class: vc, Text: FormatPercent(r.Accuracy)},
			text{X: x + bw/2, Y: bottom + 18, Anchor: "middle", Class: "label", Text: runName(i, r.ID)})
	}
	c.Over = append(c.Over, line{X1: left, Y1: yOf(m.Mean), X2: right, Y2: yOf(m.Mean), Class: "mean"})
	c.Texts = append(c.Texts, text{
		X: right, Y: yOf(m.Mean) - 6, Anchor: "end", Class: "value",
		Text: "mean " + FormatStat(m),
	})
	return c
}

// failureChart draws one bar per failure type: the count (per run, on
// average, when there are several runs).
func failureChart(s Summary) *chart {
	if len(s.Failures) == 0 {
		return nil
	}
	c := &chart{Label: "Failure taxonomy", W: chartW, H: topPad*2 + rowH*float64(len(s.Failures))}
	x0, x1 := labelW, chartW-valueW
	most := 0.0
	all := 0
	for _, f := range s.Failures {
		most = max(most, f.Mean)
		all += f.Count
	}
	for i, f := range s.Failures {
		y := topPad + rowH*float64(i) + (rowH-barH)/2
		name, full := shorten(f.Type, 24)
		c.Texts = append(c.Texts, text{X: x0 - 10, Y: y + barH/2 + 4, Anchor: "end", Class: "label", Text: name, Title: full})
		c.Lines = append(c.Lines, line{X1: x0, Y1: y - 3, X2: x0, Y2: y + barH + 3, Class: "grid"})
		w := 0.0
		if most > 0 {
			w = (x1 - x0) * f.Mean / most
		}
		c.Rects = append(c.Rects, rect{
			X: x0, Y: y, W: w, H: barH, Class: "bar " + failClass(f.Type),
			Title: fmt.Sprintf("%s: %d", f.Type, f.Count),
		})
		val := strconv.Itoa(f.Count)
		if s.Runs > 1 {
			val = fmt.Sprintf("%.1f per run (%d in all)", f.Mean, f.Count)
		}
		if all > 0 && f.Count > 0 {
			val += " · " + FormatPercent(float64(f.Count)/float64(all))
		}
		c.Texts = append(c.Texts, text{X: x0 + w + 8, Y: y + barH/2 + 4, Anchor: "start", Class: "value", Text: val})
	}
	return c
}

// latencyChart draws, per stage, the p95 as a light bar and the p50 as a
// dark one over it, on a shared linear scale.
func latencyChart(stages []StageLatency) *chart {
	if len(stages) == 0 {
		return nil
	}
	c := &chart{Label: "Stage latency", W: chartW, H: topPad + 22 + rowH*float64(len(stages)) + 8}
	x0, x1 := labelW, chartW-valueW
	top := topPad + 22
	c.Rects = append(c.Rects,
		rect{X: x0, Y: topPad - 2, W: 12, H: 10, Class: "lat-p50"},
		rect{X: x0 + 60, Y: topPad - 2, W: 12, H: 10, Class: "lat-p95"})
	c.Texts = append(c.Texts,
		text{X: x0 + 17, Y: topPad + 7, Anchor: "start", Class: "axis", Text: "p50"},
		text{X: x0 + 77, Y: topPad + 7, Anchor: "start", Class: "axis", Text: "p95"})
	most := 0.0
	for _, st := range stages {
		most = max(most, st.P95)
	}
	for i, st := range stages {
		y := top + rowH*float64(i) + (rowH-barH)/2
		if st.Stage == "total" && i > 0 {
			c.Lines = append(c.Lines, line{X1: 20, Y1: y - 7, X2: chartW - 20, Y2: y - 7, Class: "grid"})
		}
		name, full := shorten(st.Stage, 24)
		c.Texts = append(c.Texts, text{X: x0 - 10, Y: y + barH/2 + 4, Anchor: "end", Class: "label", Text: name, Title: full})
		scale := 0.0
		if most > 0 {
			scale = (x1 - x0) / most
		}
		tip := fmt.Sprintf("%s: p50 %s, p95 %s, mean %s, max %s, n=%d", st.Stage, FormatMs(st.P50), FormatMs(st.P95),
			FormatMs(st.Mean), FormatMs(st.Max), st.N)
		c.Rects = append(c.Rects,
			rect{X: x0, Y: y, W: st.P95 * scale, H: barH, Class: "lat-p95", Title: tip},
			rect{X: x0, Y: y + 3, W: st.P50 * scale, H: barH - 6, Class: "lat-p50", Title: tip})
		c.Texts = append(c.Texts, text{
			X: x0 + st.P95*scale + 8, Y: y + barH/2 + 4, Anchor: "start", Class: "value",
			Text: fmt.Sprintf("%s · %s", FormatMs(st.P50), FormatMs(st.P95)),
		})
	}
	return c
}

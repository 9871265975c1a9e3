package candidate

import (
	"regexp"
	"strings"
)

// Difficulty is a question's expected difficulty, which sets how many
// candidates are generated for it (easy 2, medium 4, hard 6:
// docs/DESIGN.md, Multi-candidate generation).
type Difficulty string

const (
	Easy   Difficulty = "easy"
	Medium Difficulty = "medium"
	Hard   Difficulty = "hard"
)

// The classifier reads what a question asks the SQL to do, not what it is
// about, so it works on any schema:
//
//   - hard cues name computations that need a window, a CTE, a ratio of two
//     aggregates or a comparison of periods or plans: growth, month over
//     month, rate, percentage, share, ratio, versus/vs, compared, budget vs
//     actual, running/cumulative, rank, trend, median/percentile, variance,
//     turnover, retention, profitability, "for each … the top/most";
//   - medium cues name one aggregation, grouping, ordering or filter
//     beyond a lookup: by/per/each, total/sum/average/count/how many …
//     by, top/highest/most, without/never/not, between, in the last N,
//     more than / at least;
//   - a question is hard with a hard cue or three distinct medium cues,
//     medium with one medium cue or more than 14 words, easy otherwise.
//
// It errs towards more candidates: a medium question classified hard costs
// two extra model calls, a hard one classified easy loses candidates where
// the model is least reliable (docs/DESIGN.md, Multi-candidate generation).
var (
	hardCues   = regexp.MustCompile(`(?i)\b(growth|grew|month[- ]over[- ]month|year[- ]over[- ]year|mom|yoy|rates?|percent(age)?s?|share of|ratios?|versus|vs\.?|compared?|comparison|budget(ed)? (vs\.?|versus|and|against) actual|running|cumulative|rank(ed|ing)?|trends?|median|percentiles?|variances?|turnover|retention|profitab(le|ility)|margins?|consecutive|previous|prior period|each .{1,40}\b(top|most|highest|lowest|best|worst|latest)\b)`)
	mediumCues = []*regexp.Regexp{
		regexp.MustCompile(`(?i)\b(by|per|each|every|breakdown|grouped)\b`),
		regexp.MustCompile(`(?i)\b(total|sum|average|avg|mean|count|how many|number of|minimum|maximum|min|max)\b`),
		regexp.MustCompile(`(?i)\b(top|highest|lowest|most|least|largest|smallest|best|worst|biggest)\b`),
		regexp.MustCompile(`(?i)\b(without|never|not|no|none|missing|except)\b`),
		regexp.MustCompile(`(?i)\b(between|since|before|after|last \d+|past \d+|in \d{4}|during|more than|less than|at least|at most|over|under|above|below)\b`),
		regexp.MustCompile(`(?i)\b(and their|along with|together with|including|with (their|the))\b`),
	}
)

// Classify returns the difficulty of question (see the cues above).
func Classify(question string) Difficulty {
	q := strings.TrimSpace(question)
	if hardCues.MatchString(q) {
		return Hard
	}
	cues := 0
	for _, re := range mediumCues {
		if re.MatchString(q) {
			cues++
		}
	}
	switch {
	case cues >= 3:
		return Hard
	case cues >= 1 || len(strings.Fields(q)) > 14:
		return Medium
	}
	return Easy
}

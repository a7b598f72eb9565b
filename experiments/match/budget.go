package match

import "github.com/ablate-chess/ablate/experiments"

// Budget is what each move of a match may spend (experiments.Budget).
type Budget = experiments.Budget

// ParseBudgets reads a list of budgets (experiments.ParseBudgets).
func ParseBudgets(list string) ([]Budget, error) { return experiments.ParseBudgets(list) }

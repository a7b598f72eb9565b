package resultdir

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/ablate-chess/ablate/engine/subject"
	"github.com/ablate-chess/ablate/experiments/stats"
)

// Names are match.json and its journal, pairs.jsonl.
func (mi *MatchInfo) Names() (string, string) { return "match.json", "pairs.jsonl" }

func (mi *MatchInfo) shard() *ShardInfo { return mi.Shard }

// PlayerInfo describes one side of a match in match.json.
type PlayerInfo struct {
	Name       string `json:"name"`
	Spec       string `json:"spec"`
	Engine     string `json:"engine"`
	Techniques string `json:"techniques,omitempty"`
	Params     string `json:"params,omitempty"`
	// Built is what a player built from source was made from: how a
	// resume knows it finishes the match with the same engine.
	Built *subject.Provenance `json:"built,omitempty"`
}

// MatchInfo is match.json: what was played, how, and what came of it.
type MatchInfo struct {
	Args         []string           `json:"args"`
	Request      json.RawMessage    `json:"request"` // for --resume
	Event        string             `json:"event"`
	A            PlayerInfo         `json:"a"`
	B            PlayerInfo         `json:"b"`
	Limits       string             `json:"limits"`
	Adjudication string             `json:"adjudication"`
	Openings     string             `json:"openings"`
	Order        string             `json:"openings_order"`
	Seed         uint64             `json:"seed"`
	PairsAsked   int                `json:"pairs_asked"`
	Workers      int                `json:"workers"`
	SPRT         string             `json:"sprt,omitempty"`
	Result       *stats.MatchResult `json:"result,omitempty"`
	Origin
	Life
	// Fingerprint identifies the match (players, engines, limits,
	// openings, build): shards merge only with the same one.
	Fingerprint string      `json:"fingerprint"`
	Shard       *ShardInfo  `json:"shard,omitempty"`
	Shards      []ShardInfo `json:"shards,omitempty"`
}

// ReadMatchInfo reads dir/match.json.
func ReadMatchInfo(dir string) (*MatchInfo, error) {
	data, err := os.ReadFile(filepath.Join(dir, "match.json"))
	if err != nil {
		return nil, err
	}
	var mi MatchInfo
	if err := json.Unmarshal(data, &mi); err != nil {
		return nil, fmt.Errorf("%s: %v", filepath.Join(dir, "match.json"), err)
	}
	return &mi, nil
}

// GamesName is the name of a match directory's games: PGN, gzipped.
const GamesName = "games.pgn.gz"

// GamesFile is the path of a match directory's games: games.pgn.gz, or
// games.pgn in a directory written before games were kept gzipped.
func GamesFile(dir string) string {
	if _, err := os.Stat(filepath.Join(dir, GamesName)); err != nil {
		if _, err := os.Stat(filepath.Join(dir, "games.pgn")); err == nil {
			return filepath.Join(dir, "games.pgn")
		}
	}
	return filepath.Join(dir, GamesName)
}

package search
import ("testing";"github.com/ablate-chess/ablate/engine/chess";"github.com/ablate-chess/ablate/positions";"time")
func TestTry(t *testing.T){
  six,_:=positions.Load("six")
  for _, name := range []string{"stage-9","stage-10","stage-11","stage-12","stage-13","stage-14","full"} {
   c,_:=Preset(name)
   var tot uint64; st:=time.Now()
   for _, e := range six.Entries { s:=New(c,16); r:=s.Search(e.Board,nil,Limits{Depth:8},nil); tot+=r.Stats.Nodes }
   t.Logf("%-10s six d8 nodes %d %v", name, tot, time.Since(st))
  }
  p,_:=chess.ParseFEN(chess.StartFEN)
  c,_:=Preset("full"); s:=New(c,16); st:=time.Now(); r:=s.Search(p,nil,Limits{Depth:16},nil); t.Logf("full d16 %v nodes %d", time.Since(st), r.Stats.Nodes)
  c,_=Preset("stage-9"); s=New(c,16); st=time.Now(); r=s.Search(p,nil,Limits{Depth:9},nil); t.Logf("stage-9 d9 %v nodes %d", time.Since(st), r.Stats.Nodes)
}

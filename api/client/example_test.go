package client_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"

	"tablewarden/api"
	"tablewarden/api/client"
	"tablewarden/db/sqlite"
	"tablewarden/table"
)

// Example creates a table of The Captain Is Dead, joins two seats, starts
// the game, makes a move and prints the refusal of an illegal one: the
// program of docs/api.md, against a real server on a SQLite file.
func Example() {
	url, stop := exampleServer()
	defer stop()

	ctx := context.Background()
	c, _ := client.NewClientWithResponses(url)
	var create client.CreateTableRequest
	create.FromCaptainIsDeadCreateTableRequest(client.CaptainIsDeadCreateTableRequest{})
	t, _ := c.CreateTableWithResponse(ctx, create)
	id, code := t.JSON201.TableId, t.JSON201.JoinCode
	ann, _ := c.JoinWithResponse(ctx, client.JoinRequest{Code: code, Name: "Ann"})
	c.JoinWithResponse(ctx, client.JoinRequest{Code: code, Name: "Bob"})
	c.StartTableWithResponse(ctx, id, nil, client.StartTableJSONRequestBody{}, client.Bearer(t.JSON201.HostToken))
	v, _ := c.GetViewWithResponse(ctx, id, nil, client.Bearer(ann.JSON201.Token))
	cv, _ := v.JSON200.View.AsCaptainIsDeadView()
	// The move, typed: Captain Is Dead's choose_role with its role, the
	// first one the view offers.
	role, _ := (*(*(*cv.Moves)[0].Args)[0].Choices)[0].Value.AsChoiceValue0()
	var choose client.CaptainIsDeadMove
	choose.FromCaptainIsDeadMoveChooseRole(client.CaptainIsDeadMoveChooseRole{
		Args: client.CaptainIsDeadMoveChooseRoleArgs{Role: client.CaptainIsDeadMoveChooseRoleArgsRole(role)}})
	var move client.MoveRequest
	move.FromCaptainIsDeadMove(choose)
	ok, _ := c.PostMoveWithResponse(ctx, id, nil, move, client.Bearer(ann.JSON201.Token))
	bad, _ := c.PostMoveWithResponse(ctx, id, nil, move, client.Bearer(ann.JSON201.Token))
	fmt.Println(ok.StatusCode(), bad.StatusCode(), bad.JSON422.Code) // and bad.JSON422.Message, in English
	// Output: 200 422 role_chosen
}

// exampleServer starts the server on a temporary SQLite file and returns
// its URL and a function that stops it.
func exampleServer() (string, func()) {
	dir, err := os.MkdirTemp("", "tw-example")
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	store, err := sqlite.Open(ctx, filepath.Join(dir, "tw.db"))
	if err != nil {
		panic(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	url := "http://" + l.Addr().String()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	svc := table.New(table.Config{Store: store, Extras: store.Extras(), Log: log, PublicURL: url})
	srv, err := api.New(ctx, svc, api.Config{PublicURL: url, Logger: log})
	if err != nil {
		panic(err)
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(l) }()
	return url, func() {
		srv.Shutdown(ctx)
		<-done
		store.Close()
		os.RemoveAll(dir)
	}
}

package main

import (
	"context"
	"fmt"
	"io"
)

func genDB(ctx context.Context, o options, out io.Writer) error { return fmt.Errorf("TODO") }

func coldStart(ctx context.Context, o options, out io.Writer) error { return fmt.Errorf("TODO") }

module example.com/vetmod

go 1.26.0

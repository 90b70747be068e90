package p // want "finding"

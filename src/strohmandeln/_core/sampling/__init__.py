"""The sampler of hidden cards (determinization): the models of a view and their draws."""
